/**
 * Writes the project's sample documents and the generated test fixtures:
 *   npm run samples                       → samples/*.txt|pdf|docx + test/fixtures/samples-gold.jsonl
 *                                           test/fixtures/generated/{synth-200.jsonl, pdf/*.pdf, pdf/gold.jsonl}
 * Everything comes from the generator, so no sample or fixture holds real personal data.
 * Deterministic: the same code writes the same documents (DOCX zips carry a timestamp).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { clientMail } from '../mail/mailFixtures.js';

const MAIL_SAMPLE = 'client-email-en_GB.eml';
import { join } from 'node:path';
import { Command } from 'commander';
import { ALL_TEMPLATES, NO_NOISE, generateDocuments, renderDocument, toJsonLine } from '../index.js';
import type { GoldDocument, GoldSpan } from '../core/goldDocument.js';
import type { Locale } from '../values/locales.js';
import { layoutForPage } from './layoutText.js';
import { isDrawable, renderTextPdf, type PdfLayout } from './renderTextPdf.js';
import { renderDocx } from './renderDocx.js';

type Format = 'txt' | 'pdf' | 'docx';

interface SampleSpec {
  readonly file: string;
  readonly format: Format;
  readonly template: string;
  readonly locale: Locale;
  readonly pdf?: Omit<PdfLayout, 'title'>;
}

export const SAMPLE_SPECS: readonly SampleSpec[] = [
  { file: 'invoice-en_GB.txt', format: 'txt', template: 'vendor_invoice/classic-letterhead', locale: 'en_GB' },
  { file: 'bank-statement-en_IN.txt', format: 'txt', template: 'bank_statement/indian-account-statement', locale: 'en_IN' },
  { file: 'complaint-email-en_US.txt', format: 'txt', template: 'complaint_email/customer-complaint', locale: 'en_US' },
  { file: 'facture-fr.pdf', format: 'pdf', template: 'vendor_invoice/continental-invoice', locale: 'fr', pdf: { pageSize: 'A4', font: 'Helvetica', fontSize: 10 } },
  { file: 'new-card-letter-en_US.pdf', format: 'pdf', template: 'card_statement/new-card-letter', locale: 'en_US', pdf: { pageSize: 'Letter', font: 'Times', fontSize: 11 } },
  { file: 'tax-letter-en_US.pdf', format: 'pdf', template: 'tax_return/tax-advisor-letter', locale: 'en_US', pdf: { pageSize: 'Letter', font: 'Courier', fontSize: 9 } },
  { file: 'engagement-letter-de.docx', format: 'docx', template: 'engagement_letter/audit-engagement', locale: 'de' },
];

const FIXTURE_PDF_SPECS: readonly SampleSpec[] = [
  { file: 'bank-statement-en_GB.pdf', format: 'pdf', template: 'bank_statement/classic-statement', locale: 'en_GB', pdf: { pageSize: 'A4', font: 'Courier', fontSize: 8 } },
  { file: 'payslip-en_US.pdf', format: 'pdf', template: 'payroll_record/payslip', locale: 'en_US', pdf: { pageSize: 'Letter', font: 'Helvetica', fontSize: 10 } },
  { file: 'breach-notice-de.pdf', format: 'pdf', template: 'breach_notice/notice-to-individual', locale: 'de', pdf: { pageSize: 'A4', font: 'Times', fontSize: 11 } },
  { file: 'receipt-card-block-es.pdf', format: 'pdf', template: 'purchase_receipt/payment-confirmation', locale: 'es', pdf: { pageSize: 'A4', font: 'Helvetica', fontSize: 10 } },
];

/** One gold.jsonl line: the source text exactly as drawn, and each span with its value. */
interface SampleGold {
  readonly file: string;
  readonly format: Format;
  readonly template: string;
  readonly locale: string;
  readonly text: string;
  readonly spans: readonly (GoldSpan & { value: string })[];
  readonly note?: string;
}

const MIN_KINDS = 5;
/** Samples should look like whole documents, not snippets. */
const MIN_CHARS = 650;

/** Renders the spec's template with increasing seeds until it is drawable and rich enough. */
async function pickDocument(spec: SampleSpec): Promise<GoldDocument> {
  const template = ALL_TEMPLATES.find((t) => t.id === spec.template);
  if (!template) throw new Error(`sample ${spec.file}: no template ${spec.template}`);
  for (let seed = 1; seed < 500; seed++) {
    const { doc } = renderDocument(template, spec.locale, seed, `sample-${spec.file}`, NO_NOISE);
    const kinds = new Set(doc.spans.map((s) => s.type)).size;
    if (kinds < MIN_KINDS || doc.text.length < MIN_CHARS) continue;
    if (spec.format !== 'txt' && !(await isDrawable(doc.text))) continue;
    return doc;
  }
  throw new Error(`sample ${spec.file}: no seed under 500 gives a drawable document with ${MIN_KINDS} PII kinds and ${MIN_CHARS} characters`);
}

async function writeSample(spec: SampleSpec, dir: string): Promise<SampleGold> {
  const doc = await pickDocument(spec);
  const laid = spec.format === 'txt' ? { text: doc.text, spans: [...doc.spans] } : layoutForPage(doc.text, doc.spans, spec.format === 'pdf' && spec.pdf?.font === 'Courier' ? 110 : 90);
  const path = join(dir, spec.file);
  if (spec.format === 'txt') await writeFile(path, `${laid.text}\n`, 'utf8');
  else if (spec.format === 'pdf') await writeFile(path, await renderTextPdf(laid.text, { ...spec.pdf!, title: `Synthetic ${spec.template}` }));
  else await writeFile(path, await renderDocx(laid.text, `Synthetic ${spec.template}`));
  return {
    file: spec.file,
    format: spec.format,
    template: spec.template,
    locale: spec.locale,
    text: laid.text,
    spans: laid.spans.map((s) => ({ ...s, value: laid.text.slice(s.start, s.end) })),
    ...(spec.format === 'txt'
      ? {}
      : { note: 'offsets are into `text`, the source drawn line by line; extracted text may differ in whitespace, so match by `value`' }),
  };
}

// The samples' gold lives outside samples/ because `npm run demo` redacts that whole folder and a
// gold file there would show up as an unsupported input.
async function writeAll(specs: readonly SampleSpec[], dir: string, goldPath: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const gold: SampleGold[] = [];
  for (const spec of specs) {
    gold.push(await writeSample(spec, dir));
    console.log(`  ${join(dir, spec.file)}`);
  }
  await writeFile(goldPath, gold.map((g) => JSON.stringify(g)).join('\n') + '\n', 'utf8');
  console.log(`  ${goldPath} (${gold.length} documents)`);
}

const program = new Command('samples')
  .description('write synthetic sample documents (txt, pdf, docx) with gold spans, and the generated test fixtures')
  .option('--samples <dir>', 'directory for the sample documents', 'samples')
  .option('--fixtures <dir>', 'directory for generated test fixtures', 'test/fixtures/generated')
  .action(async (o: { samples: string; fixtures: string }) => {
    console.log('samples:');
    await writeAll(SAMPLE_SPECS, o.samples, join(o.fixtures, '..', 'samples-gold.jsonl'));
    // The demo's e-mail with attachments (a statement and a forwarded message); no gold: it
    // shows the attachments joining the batch, and the tests plant and check its values.
    await writeFile(join(o.samples, MAIL_SAMPLE), clientMail(), 'utf8');
    console.log(`  ${join(o.samples, MAIL_SAMPLE)}`);
    console.log('fixtures:');
    await writeAll(FIXTURE_PDF_SPECS, join(o.fixtures, 'pdf'), join(o.fixtures, 'pdf', 'gold.jsonl'));
    const docs = generateDocuments({ n: 200, seed: 2025 });
    await writeFile(join(o.fixtures, 'synth-200.jsonl'), docs.map((d) => toJsonLine(d)).join('\n') + '\n', 'utf8');
    console.log(`  ${join(o.fixtures, 'synth-200.jsonl')} (200 documents, default noise, all splits)`);
  });

await program.parseAsync(process.argv);
