/**
 * A file whose text is in a script the model was not trained on says so: the model's names,
 * companies and addresses there are guesses, and the user is told to check it by hand. A few words
 * of another script in a Latin text (a Greek place name in an address, a company's name in
 * Chinese characters) are not such a text.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unreadScriptWarning } from '../../src/detect/unreadScripts.js';
import { untrainedLanguageWarning } from '../../src/detect/untrainedLanguages.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { createDetector } from '../../src/detect/engine.js';
import { runReplacements } from '../../src/pipeline/anonymiseRun.js';
import { processLargeCsv } from '../../src/pipeline/largeSheets/largeCsv.js';
import { makeTempDir, type TempDir } from '../io/fixtures.js';

// Written for this test: "Hello, attached is the invoice for this month. Please confirm receipt."
const HEBREW_NOTE =
  'שלום רב,\nמצורפת החשבונית לחודש זה. נא לאשר את קבלתה ולעדכן אותי אם יש שאלות.\nתודה רבה ויום טוב\nfinance@example.com';
// "The discount applies to card payments at partner stores from next month."
const KOREAN_NOTE =
  '다음 달부터 제휴 매장에서 카드로 결제하면 할인이 적용됩니다. 자세한 내용은 홈페이지에서 확인하세요.';

describe('unreadScriptWarning', () => {
  it('names the script of a text the model cannot read', () => {
    expect(unreadScriptWarning(HEBREW_NOTE)).toMatch(
      /^\d+% of the text \(\d+ letters\) is in Hebrew, which the model was not trained on/,
    );
    expect(unreadScriptWarning(KOREAN_NOTE)).toContain('is in Hangul');
    expect(unreadScriptWarning(`Invoice 2024-118\n${KOREAN_NOTE}`)).toContain(
      'Check this file by hand',
    );
  });

  it('counts a long appendix in another script even where Latin text is most of the file', () => {
    const latin = 'Payment received with thanks for the services rendered. '.repeat(200);
    const cyrillic = 'Оплата получена полностью, спасибо за сотрудничество. '.repeat(6);
    expect(unreadScriptWarning(latin + cyrillic)).toContain('is in Cyrillic');
    expect(unreadScriptWarning(latin + cyrillic.slice(0, 60))).toBeUndefined();
  });

  it('says nothing of a few words of another script in a Latin text', () => {
    for (const text of [
      'Tilly Example lives at 12 Μεγάλη Άμμος 184, ΠΑΦΟΣ, Cyprus',
      'Supplier: 深圳示例贸易有限公司 (Shenzhen Example Trading Co., Ltd.), invoice 4471',
      'Zoë Müller, Straße 5, 8001 Zürich — façade, naïve, Ærø',
      '',
    ]) {
      expect(unreadScriptWarning(text)).toBeUndefined();
    }
  });
});

// Written for this test: a Turkish bank export's rows (rent, invoice, salary).
const TURKISH_EXPORT =
  'Tarih;Açıklama;Alıcı;Tutar\n2024-05-02;Kira ödemesi;Yıldız Küçükşahin;-12.500,00\n' +
  '2024-05-03;Fatura;Kılıç Gıda Ltd. Şti.;-2.450,50\n2024-05-04;Maaş;Ayşe Doğan;35.000,00\n';

describe('untrainedLanguageWarning', () => {
  it('names a Latin-script language the model was not trained on, by its letters', () => {
    expect(untrainedLanguageWarning(TURKISH_EXPORT)).toMatch(
      /^\d+% of the words \(\d+\) are written with Turkish letters, a language the model was not trained on/,
    );
    const polish =
      'Data;Opis;Odbiorca;Kwota\n2024-05-02;Czynsz za maj;Łukasz Wiśniewski;-1.250,00\n' +
      '2024-05-03;Faktura za usługi;Zakład Usług Błażej Żółć;-245,50\n2024-05-04;Wpłata;Małgorzata Kowalczyk;3.500,00\n';
    expect(untrainedLanguageWarning(polish)).toContain('with Polish letters');
    const czech =
      'Datum;Popis;Částka\n2024-05-02;Platba Jiří Kudláček, Karlova 5, Brno;-100,00\n' +
      '2024-05-03;Nákup Květinářství Petříková, Plzeň;-24,50\n2024-05-04;Převod Dvořák, Třebíč;-80,00\n';
    expect(untrainedLanguageWarning(czech)).toContain('with Czech or Slovak letters');
  });

  it('says nothing of the trained languages, Nordic ones or a few names from abroad', () => {
    for (const text of [
      'Datum;Verwendungszweck;Empfänger;Betrag\n2024-05-02;Miete;Jürgen Großmann;-1.250,00\n',
      'Date;Libellé\n2024-05-02;Prélèvement « Hélène Lefèvre », cœur d’Orléans;-100,00\n',
      'Dato;Tekst\n2024-05-02;Overføring Søren Ærø, Tromsø;Bjørkealléen 5, Åsgårdstrand\n',
      'Invoice 4471 for Łukasz Wiśniewski and Jiří Dvořák, Harlow Freight Ltd, 12 Elm Street, ' +
        'Leeds. Consulting services in May, three days, 3,600.00 due in thirty days.',
    ]) {
      expect(untrainedLanguageWarning(text), text).toBeUndefined();
    }
  });
});

describe('a batch', () => {
  let dir: TempDir;
  beforeAll(async () => {
    dir = await makeTempDir();
    await dir.file('in/note-he.txt', HEBREW_NOTE);
    await dir.file('in-tr/hesap.csv', TURKISH_EXPORT);
  });
  afterAll(() => dir.remove());

  it('warns for the file where names are asked for, and not where only patterns are', async () => {
    const run = async (types: typeof DEFAULT_REDACT_OPTIONS.types, out: string) =>
      (
        await runBatch([join(dir.path, 'in')], join(dir.path, out), {
          ...DEFAULT_REDACT_OPTIONS,
          types,
          ner: false,
          formats: ['json'],
        })
      )[0]!;
    const all = await run(DEFAULT_REDACT_OPTIONS.types, 'out-all');
    expect(all.status).toBe('ok');
    expect(all.warnings?.some((w) => w.includes('is in Hebrew'))).toBe(true);
    // The e-mail is found whatever the script around it.
    expect(all.spans.map((s) => s.text)).toContain('finance@example.com');
    const emails = await run(['EMAIL'], 'out-emails');
    expect(emails.warnings?.some((w) => w.includes('Hebrew')) ?? false).toBe(false);
  });

  it('warns for a file in a Latin-script language the model was not trained on', async () => {
    const [result] = await runBatch([join(dir.path, 'in-tr')], join(dir.path, 'out-tr'), {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
      formats: ['json'],
    });
    expect(result!.status).toBe('ok');
    expect(result!.warnings?.some((w) => w.includes('with Turkish letters'))).toBe(true);
  });

  it('warns for a large sheet read in chunks too', async () => {
    // "Payment for services, client N": a Cyrillic export's rows.
    const rows = ['Описание;Сумма'];
    for (let i = 0; i < 40; i++) rows.push(`Оплата услуг, клиент ${i};${i},00`);
    const input = await dir.file('in-large/export.csv', `${rows.join('\n')}\n`);
    const detector = await createDetector({ ner: false });
    const result = await processLargeCsv(
      { file: input, relativePath: 'export.csv' },
      {
        detector,
        policy: detector.policy,
        columns: [],
        replacements: runReplacements({ placeholders: 'redacted' }),
        relativePath: 'export.csv',
      },
      join(dir.path, 'out-large', 'export.csv'),
    );
    expect(result.status).toBe('ok');
    expect(result.warnings?.some((w) => w.includes('is in Cyrillic'))).toBe(true);
  });
});
