import { describe, expect, it } from 'vitest';
import { decodeText } from '../../src/extract/text/decodeText.js';
import { CP1252_HIGH_ROW } from '../../src/shared/codePages.js';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('decodeText', () => {
  it('reads UTF-8 and strips a UTF-8 BOM', () => {
    const r = decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Müller €5')]));
    expect(r).toMatchObject({ ok: true, text: 'Müller €5', encoding: 'utf-8' });
  });

  it('reads UTF-16LE and UTF-16BE with a BOM', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Zoë 1', 'utf16le')]);
    expect(decodeText(le)).toMatchObject({ ok: true, text: 'Zoë 1', encoding: 'utf-16le' });
    const be = Buffer.from(Buffer.from('Zoë 1', 'utf16le')).swap16();
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toMatchObject({
      ok: true,
      text: 'Zoë 1',
      encoding: 'utf-16be',
    });
  });

  it('recognises BOM-less UTF-16LE of Latin text and warns', () => {
    const r = decodeText(Buffer.from('Invoice for Jane Example', 'utf16le'));
    expect(r).toMatchObject({ ok: true, text: 'Invoice for Jane Example', encoding: 'utf-16le' });
    expect(r.ok && r.warning).toMatch(/UTF-16LE/);
  });

  it('reads a Polish or Russian export in its own code page when Windows-1252 plainly does not fit', () => {
    // Synthetic bank rows, written in Windows-1250 and Windows-1251 (hex of the bytes).
    const polish =
      'Data;Opis;Kwota\n2024-05-02;Przelew Łukasz Żółkiewski, ul. Świętokrzyska 12, Łódź;-100,00\n' +
      '2024-05-03;Zakup Pszczółka, Gdańsk;-24,50\n';
    const pl = decodeText(
      Buffer.from(
        '446174613b4f7069733b4b776f74610a323032342d30352d30323b50727a656c657720a3756b61737a20aff3b36b696577736b692c20756c2e208c7769ea746f6b727a79736b612031322c20a3f3649f3b2d3130302c30300a323032342d30352d30333b5a616b75702050737a637af3b36b612c20476461f1736b3b2d32342c35300a',
        'hex',
      ),
    );
    expect(pl).toMatchObject({ ok: true, text: polish, encoding: 'windows-1250' });
    expect(pl.ok && pl.warning).toMatch(/read as windows-1250/);
    const russian =
      'Дата;Описание;Сумма\n2024-05-02;Перевод Иван Петров, ул. Ленина 5, Москва;-100,00\n' +
      '2024-05-03;Покупка Ромашка, Казань;-24,50\n';
    const ru = decodeText(
      Buffer.from(
        'c4e0f2e03bceefe8f1e0ede8e53bd1f3ecece00a323032342d30352d30323bcfe5f0e5e2eee420c8e2e0ed20cfe5f2f0eee22c20f3eb2e20cbe5ede8ede020352c20cceef1eae2e03b2d3130302c30300a323032342d30352d30333bcfeeeaf3efeae020d0eeece0f8eae02c20cae0e7e0edfc3b2d32342c35300a',
        'hex',
      ),
    );
    expect(ru).toMatchObject({ ok: true, text: russian, encoding: 'windows-1251' });
  });

  it('reads a Czech export in Windows-1250 whose "Ť" Windows-1252 leaves undefined, once refused', () => {
    const czech =
      'Datum;Popis\n2024-05-02;Platba pro Jiří Dvořák, Kněžská 5, Třebíč, Ťukanova;-100,00\n';
    const cs = decodeText(
      Buffer.from(
        '446174756d3b506f7069730a323032342d30352d30323b506c617462612070726f204a69f8ed2044766ff8e16b2c204b6eec9e736be120352c2054f86562ede82c208d756b616e6f76613b2d3130302c30300a',
        'hex',
      ),
    );
    expect(cs).toMatchObject({ ok: true, text: czech, encoding: 'windows-1250' });
  });

  it('reads Czech, Slovak, Hungarian and Slovenian exports in their code page, where chardet alone kept Windows-1252', () => {
    // Synthetic bank rows in Windows-1250 (hex of the bytes). Read as Windows-1252 they were
    // "Jiøí Kudláèek", "Kováèiková" and "Kõvári": words no Western language writes.
    const cases = [
      [
        'Datum;Popis;Částka\n2024-05-02;Platba Jiří Kudláček, Karlova 5, Brno;-100,00\n2024-05-03;Nákup Květinářství Petříková, Plzeň;-24,50\n',
        '446174756d3b506f7069733bc8e173746b610a323032342d30352d30323b506c61746261204a69f8ed204b75646ce1e8656b2c204b61726c6f766120352c2042726e6f3b2d3130302c30300a323032342d30352d30333b4ee16b7570204b76ec74696ee1f8737476ed20506574f8ed6b6f76e12c20506c7a65f23b2d32342c35300a',
      ],
      [
        'Dátum;Popis;Suma\n2024-05-02;Platba Ľubica Kováčiková, Hlavná 5, Košice;-100,00\n2024-05-03;Nákup Čerešňa s.r.o., Žilina;-24,50\n',
        '44e174756d3b506f7069733b53756d610a323032342d30352d30323b506c6174626120bc7562696361204b6f76e1e8696b6f76e12c20486c61766ee120352c204b6f9a6963653b2d3130302c30300a323032342d30352d30333b4ee16b757020c86572659af26120732e722e6f2e2c208e696c696e613b2d32342c35300a',
      ],
      [
        'Dátum;Közlemény;Összeg\n2024-05-02;Átutalás Kővári Erzsébet, Fő utca 5, Győr;-100,00\n2024-05-03;Vásárlás Szőlő Kft., Pécs;-24,50\n',
        '44e174756d3b4bf67a6c656de96e793bd673737a65670a323032342d30352d30323bc1747574616ce173204bf576e172692045727a73e96265742c2046f5207574636120352c204779f5723b2d3130302c30300a323032342d30352d30333b56e173e1726ce17320537af56cf5204b66742e2c2050e963733b2d32342c35300a',
      ],
      [
        // "Zupanèiè": two "è" in a word, which no Western language writes.
        'Datum;Opis;Znesek\n2024-05-02;Plačilo Janez Zupančič, Celovška 5, Ljubljana;-100,00\n2024-05-03;Nakup Kovačič d.o.o., Kranj;-24,50\n',
        '446174756d3b4f7069733b5a6e6573656b0a323032342d30352d30323b506c61e8696c6f204a616e657a205a7570616ee869e82c2043656c6f769a6b6120352c204c6a75626c6a616e613b2d3130302c30300a323032342d30352d30333b4e616b7570204b6f7661e869e820642e6f2e6f2e2c204b72616e6a3b2d32342c35300a',
      ],
    ];
    for (const [text, hex] of cases) {
      const read = decodeText(Buffer.from(hex!, 'hex'));
      expect(read, text).toMatchObject({ ok: true, text });
      // Both pages read these letters alike; which of the two chardet ranks first is its own.
      expect(read.ok && read.encoding).toMatch(/^(?:windows-1250|iso-8859-2)$/);
    }
  });

  it('reads Turkish and Latvian exports in their Windows code page', () => {
    // Synthetic bank rows (hex of the bytes). Read as Windows-1252 they were "Yýldýz",
    // "Küçükþahin" and "Bçrziòð": "ý" twice, or "þ"/"ð" beside a letter Icelandic does not write.
    const cases = [
      [
        'Tarih;Açıklama;Tutar\n2024-05-02;Ödeme Yıldız Küçükşahin, Atatürk Cad. 5, İstanbul;-100,00\n2024-05-03;Alışveriş Kılıç Gıda Ltd. Şti., Eskişehir;-24,50\n',
        '54617269683b41e7fd6b6c616d613b54757461720a323032342d30352d30323bd664656d652059fd6c64fd7a204bfce7fc6bfe6168696e2c2041746174fc726b204361642e20352c20dd7374616e62756c3b2d3130302c30300a323032342d30352d30333b416cfdfe76657269fe204bfd6cfde72047fd6461204c74642e20de74692e2c2045736b69fe656869723b2d32342c35300a',
        'windows-1254',
      ],
      [
        'Datums;Apraksts;Summa\n2024-05-02;Maksājums Jānis Bērziņš, Brīvības iela 5, Rīga;-100,00\n2024-05-03;Pirkums Kalniņš un partneri SIA, Liepāja;-24,50\n',
        '446174756d733b417072616b7374733b53756d6d610a323032342d30352d30323b4d616b73e26a756d73204ae26e69732042e7727a69f2f02c204272ee76ee6261732069656c6120352c2052ee67613b2d3130302c30300a323032342d30352d30333b5069726b756d73204b616c6e69f2f020756e20706172746e657269205349412c204c696570e26a613b2d32342c35300a',
        'windows-1257',
      ],
    ];
    for (const [text, hex, encoding] of cases) {
      expect(decodeText(Buffer.from(hex!, 'hex')), text).toMatchObject({
        ok: true,
        text,
        encoding,
      });
    }
  });

  it('keeps Windows-1252 for Western text whose letters are all its own', () => {
    for (const text of [
      'Fecha;Concepto\n2024-05-02;Pago a José Muñoz, España – año 2024;-100,00\n',
      'Datum;Zweck\n2024-05-02;Überweisung an Jürgen Größe, Straße 5;-100,00 €\n',
      'Date;Libellé\n2024-05-02;Prélèvement « Hélène Lefèvre », cœur d’Orléans;-100,00\n',
      'Dato;Tekst\n2024-05-02;Overføring Søren Ærø, Nº 5, 1ª etasje;-100,00\n',
      // Letters the Central-European test looks at, as Western languages write them.
      'Adresse;By\nBjørkealléen 5, Tromsø;Sjøalléen 2\nÉlève Thérèse Lefèvre;Mercè, Història\n',
      'Endereço;Nota\nRua das Informações 5;Conceição Guimarães\nPõe à prova;Così è\n',
      // Icelandic writes "þ", "ð" and "ý", the letters the Turkish and Baltic test looks at.
      'Nafn;Heimili\nGuðrún Þórsdóttir;Þingholtsstræti 5, Hafnarfjörður\nEyþór Ýmisson;Týsgata 2, Ísafjörður\n',
    ]) {
      const bytes = Uint8Array.from(
        [...text].map((c) => {
          const at = CP1252_HIGH_ROW.indexOf(c);
          return at >= 0 ? 0x80 + at : c.charCodeAt(0);
        }),
      );
      expect(decodeText(bytes), text).toMatchObject({ ok: true, text, encoding: 'windows-1252' });
    }
  });

  it('falls back to Windows-1252 for clearly-text bytes that are not UTF-8, with a warning', () => {
    // "Café – 10€" in Windows-1252: é=E9, en dash=96, €=80
    const bytes = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x31, 0x30, 0x80]);
    const r = decodeText(bytes);
    expect(r).toMatchObject({ ok: true, text: 'Café – 10€', encoding: 'windows-1252' });
    expect(r.ok && r.warning).toMatch(/Windows-1252/);
  });

  it('refuses bytes that are neither UTF-8 nor clean 1252 text', () => {
    const bytes = new Uint8Array([0x41, 0x81, 0x42, 0x01, 0xff]);
    expect(decodeText(bytes)).toMatchObject({ ok: false });
  });

  it('refuses a UTF-16 BOM followed by an unpaired surrogate', () => {
    const bytes = new Uint8Array([0xff, 0xfe, 0x00, 0xd8, 0x41, 0x00]);
    const r = decodeText(bytes);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(/utf-16le/);
  });

  it('normalises CRLF and CR line endings to LF', () => {
    expect(decodeText(utf8('a\r\nb\rc\n'))).toMatchObject({ ok: true, text: 'a\nb\nc\n' });
  });
});
