/**
 * `finredact redact`: the batch command. Exit codes: 0 every file succeeded, 1 some failed (the
 * others are still written), 2 usage error (set by main for commander's own errors).
 */
import { OUTPUT_LAYOUTS, type OutputLayout } from '../../domain/outputLayout.js';
import { Option, type Command } from 'commander';
import { resolve } from 'node:path';
import { entityTypes } from '../../domain/entityTypes.js';
import { PROPAGATION_SCOPES, type PropagationScope } from '../../domain/userRecognizers.js';
import {
  CONSISTENCY_SCOPES,
  PLACEHOLDER_MODES,
  type ConsistencyScope,
  type PlaceholderMode,
} from '../../domain/placeholderMode.js';
import { randomInt } from 'node:crypto';
import { loadRecognizers } from '../../pipeline/loadRecognizers.js';
import { OUTPUT_FORMATS, type OcrMode, type OutputFormat } from '../../domain/fileResult.js';
import {
  DEFAULT_REDACT_OPTIONS,
  PIXEL_VERIFICATIONS,
  type PixelVerification,
  type RedactOptions,
} from '../../pipeline/redactOptions.js';
import { runBatch } from '../../pipeline/runBatch.js';
import { chooseOcrData } from '../../pipeline/ocrData.js';
import { OutputWriteError } from '../../pipeline/outputWriteError.js';
import { UsageError } from '../../domain/usageError.js';
import { BatchReporter } from '../batchReporter.js';
import {
  OCR_MODES,
  parseFormatsOption,
  parseIntegerOption,
  parseThresholdOption,
  parseTypeNames,
  checkTypes,
} from '../parseRedactArgs.js';

export const EXIT_OK = 0;
export const EXIT_SOME_FAILED = 1;
export const EXIT_USAGE = 2;

export interface RedactCliOptions {
  out: string;
  /** `redact` only: the OCR model folder of this process (a queue worker reads its own env). */
  ocrData?: string;
  types?: string[];
  recognizers?: string;
  propagate: PropagationScope;
  placeholders: PlaceholderMode;
  consistent: ConsistencyScope;
  seed?: number;
  mapping?: string;
  labelBoxes: boolean;
  keepImages: boolean;
  keepComments: boolean;
  columns?: string[];
  formats: OutputFormat[];
  concurrency: number;
  ocr: OcrMode;
  ner?: boolean;
  nerThreshold?: number;
  dpi: number;
  searchable: boolean;
  overwrite: boolean;
  verify: PixelVerification;
  layout: OutputLayout;
  rename: boolean;
}

const HELP_AFTER = `
Inputs: .txt (UTF-8, UTF-16, Windows-1252, or the code page its letters name, such as
Windows-1250 or Windows-1251), .pdf, .docx, .doc (Word 97-2003),
.xlsx, .xls (Excel 97-2003, or an HTML/XML table a bank names .xls), .xlsb, .ods, .csv, .tsv,
macro-enabled files and templates (.docm, .dotx, .dotm, .xlsm, .xltx, .xltm, .pptm, .potx: read
as Word, Excel and PowerPoint files; macros are not read, and the copy is a .docx or .xlsx without
them, <name>.xlsm.xlsx),
.png, .jpg, .tif, .heic/.heif (phone photos). An .xls, .xlsb or .ods gets its redacted copy as a
new .xlsx of the cell values (<name>.xls.xlsx); a .doc as a .docx of its redacted paragraphs
(<name>.doc.docx, formatting left out); a .heic as a PNG without metadata (<name>.heic.png).
.eml and Outlook .msg e-mails: headers (From, To, Cc, Reply-To, Subject, Date), body,
attachments' names; each attachment joins the batch as <mail>/attachments/<name> (an attached
e-mail or .zip too), and redacted/<mail>.eml (<mail>.msg.eml) is rebuilt from the redacted text
and the attachments' redacted copies. .html/.htm, .odt and .rtf are read as text (HTML with its
link targets, alt texts and titles; .odt with headers, footers and properties; RTF with its
information group); an HTML file's redacted copy is the anonymised text (anonymized/<name>.txt),
an .odt's or .rtf's a new Word file of the anonymised lines (redacted/<name>.odt.docx).
.md, .json and .log are read as text; .xml (a camt.053 statement) and bank downloads
(.ofx, .qfx) as each element's text after its name (an Excel 2003 XML spreadsheet as its
cells); Quicken .qif with each field's kind as its label (Payee:, Memo:); .vcf contacts and .ics invitations as their lines (folded lines joined, quoted-printable
decoded; a photo or file they carry is left out, and said); PowerPoint .pptx as its slides' text
in the deck's order, speaker notes, comments and properties (pictures not read, and said).
Their redacted copy is the anonymised text (anonymized/<name>.txt).
A PDF's embedded files (an e-invoice's XML, a portfolio's files) and an Office file's (a
workbook embedded in a Word report) join the batch as <name>/attachments/<file>; the holder's
copy carries none of them.
A .zip is opened: its files join the batch as <archive name>/<path inside> (nested archives
too, 3 deep), and their redacted copies are packed into redacted/<archive>.zip. An archive
with more than 2,000 files, inflating past 512 MB, with an entry named outside it (../) or
encrypted is not opened, with that reason; the batch goes on.
Folders are searched recursively; hidden files and folders (names starting with "." or "~$")
are not processed and are listed as skipped in Results.xlsx and detections.jsonl.

Outputs in --out DIR (which must not be, or be inside, an input folder; a folder holding an
earlier run's outputs is refused unless --overwrite is given, which first removes exactly those:
shareable/, Results.xlsx, detections.jsonl, file-names.csv, anonymized/, redacted/, and
internal/ of earlier versions) come in two parts, as in the app's export. With --layout flat
(the layout of earlier versions, for scripts that rely on it) anonymized/ and redacted/ sit in
DIR itself and no shareable/Results.xlsx is written.
  shareable/                        what may be handed out; holds no original value
    anonymized/<relative path>.txt  the text with every detection replaced, e.g. [NAME REDACTED]
    redacted/<relative path>.pdf    redacted copies of PDFs (images: .png), with --formats pdf
    redacted/<relative path>.csv|xlsx redacted copies of spreadsheets, with --formats sheets:
                                    each detection replaced in its cell, notes and properties
                                    cleared (.xls and .xlsb: <relative path>.xlsx, values only)
    redacted/<relative path>.docx   redacted copies of Word files, with --formats docx:
                                    detections replaced in place, tracked changes accepted,
                                    comments removed (--keep-comments), properties cleared, images
                                    removed (--keep-images); refused if a detected value remains
    Results.xlsx                    sheets Summary and Anonymized only (no original text)
  Results.xlsx                      keep inside: sheets Summary, Original, Predicted, Spans,
                                    Anonymized, Review — every value found, in clear
  detections.jsonl                  keep inside: one JSON object per input: status, error, text,
                                    spans, anonymized
Every input appears in Results.xlsx and detections.jsonl, failed ones with their error.
Redacted copies are checked before they are written: no detected value may be extractable as
text, metadata or bytes, nor readable when the page is read back by OCR (--verify pixels: pages
that were OCR'd or hold images; --verify full: every page). A copy that fails is not written and
its file is reported with the reason.
Names too long for the file system are shortened, keeping their start, extension and a short hash.
Names are content too. The names of files inside an e-mail or an archive (an attachment
"J_Doe_passport.png", a folder of a .zip) are read like text and what is found is replaced in
every output (redacted/, anonymized/, the rebuilt .eml and .zip, Results.xlsx): "[NAME
REDACTED]_passport.png". The names you gave are kept unless --rename numbers every output
(0001.pdf, 0002.zip with its files under 0002/). When a name changed, DIR/file-names.csv (kept
inside) lists each output's name and the name it was read under.
Exit code: 0 all files redacted, 1 some files failed (the rest are written), 2 usage error
(a bad option, an output folder among the inputs, no input that exists).

Types: NAME, COMPANY, ADDRESS (the model), SSN, CREDIT_CARD, EMAIL, PHONE, URL, BANK_ACCOUNT
(IBANs, labelled account numbers, sort codes, routing numbers) and TAX_ID (a person's tax or
national number: ITIN, NI number, PAN, Aadhaar, Steuer-ID, NIR, DNI/NIE, BSN), each number
checked by its check digits. A detected value is also redacted where it occurs again in its
document (--propagate document), in every file of the run (batch), or only where found (off).

Placeholders (--placeholders): redacted (default) writes [NAME REDACTED]; numbered writes
[NAME 1 REDACTED], [NAME 2 REDACTED], the same number for the same value (ignoring case and
spacing; "Mr Murray" counts as "Max Murray" once both are found) in each document, or across the
run with --consistent batch; fake writes a consistent realistic substitute of the same type
(seeded by --seed, never computed from the value, never equal to any value of the run); mask
stars out all but the last 4 digits of cards and accounts and the domain of an e-mail. Redacted
copies keep solid boxes in every mode (--label-boxes prints the replacement on each).
--mapping FILE writes original → replacement: keep it as safe as the originals, or do not ask
for it; without the flag no mapping is kept anywhere.

Your own recognizers (--recognizers FILE, YAML; see README and samples/recognizers.yaml):
  types:        new types with their placeholder, e.g. CLIENT_CODE → [CLIENT CODE REDACTED]
  recognizers:  terms (case-insensitive whole words) and/or patterns (RE2 syntax, linear time),
                with optional context words and score; they outrank patterns and the model
  allow:        values never redacted, whatever finds them
A mistake in the file is a usage error naming its line.

NER (names, companies, addresses): on by default when the model is installed; without the model
the run prints a notice and uses the validated patterns only. --ner makes a missing model an
error; --no-ner turns the model off.

Examples:
  $ finredact redact invoices/ --out redacted-invoices
  $ finredact redact statement.pdf letter.docx --out out --types EMAIL,PHONE,CREDIT_CARD
  $ finredact redact scans/ --out out --ocr always --formats xlsx,pdf --dpi 300
  $ finredact redact notes.txt --out out --no-ner --formats txt,json
  $ finredact redact clients/ --out out --recognizers our-clients.yaml --propagate batch
  $ finredact redact samples --out o --placeholders numbered --consistent batch
  $ finredact redact samples --out o --placeholders fake --seed 42 --mapping /secure/mapping.csv`;

/** The options `redact` and `submit` share: what to find, how to replace it, what to write. */
export function addRedactOptions(command: Command): Command {
  return command
    .requiredOption('-o, --out <dir>', 'output folder (created if missing)')
    .option(
      '-t, --types <list>',
      `entity types to redact, comma-separated (default: all: ${entityTypes.list().join(',')}, and the types a --recognizers file declares)`,
      parseTypeNames,
    )
    .option(
      '-r, --recognizers <file>',
      'a YAML file of your own types, terms, patterns and allow-list (see README, samples/recognizers.yaml)',
    )
    .addOption(
      new Option(
        '--propagate <scope>',
        'redact every other occurrence of a detected value: in its document, in every file of the run, or off',
      )
        .choices(PROPAGATION_SCOPES)
        .default('document'),
    )
    .addOption(
      new Option(
        '--placeholders <mode>',
        "what replaces a detection: redacted = [NAME REDACTED], numbered = [NAME 1 REDACTED] (the same value, the same number), fake = a consistent realistic substitute, mask = *** except the last 4 digits of cards and accounts and an e-mail's domain",
      )
        .choices(PLACEHOLDER_MODES)
        .default('redacted'),
    )
    .addOption(
      new Option(
        '--consistent <scope>',
        'numbered and fake: equal values replaced alike within each document, or across the whole run',
      )
        .choices(CONSISTENCY_SCOPES)
        .default('document'),
    )
    .option(
      '--seed <n>',
      'fake: seed of the substitutes, for the same fakes on the same input (default: random per run)',
      parseIntegerOption(0, 2 ** 31 - 1),
    )
    .option(
      '--mapping <file>',
      'write original → replacement to this CSV so the outputs can be re-identified; WARNING: the file is as sensitive as the original documents',
    )
    .option('--label-boxes', "redacted copies: print each box's replacement on it", false)
    .option(
      '--columns <headers>',
      'spreadsheets: redact every cell of these columns whole, by header, comma-separated (e.g. "Customer,IBAN"); without it, a column under a person\'s header ("Name", "Payee", …) is filled where the model finds names in it',
      (v: string) =>
        v
          .split(',')
          .map((h) => h.trim())
          .filter((h) => h.length > 0),
    )
    .option('--keep-images', 'redacted Word copies keep images and embedded objects', false)
    .option(
      '--keep-comments',
      'redacted Word copies keep comments, with their detections replaced (default: removed)',
      false,
    )
    .option(
      '-f, --formats <list>',
      `outputs to write (${OUTPUT_FORMATS.join(',')})`,
      parseFormatsOption,
      [...OUTPUT_FORMATS],
    )
    .option(
      '-c, --concurrency <n>',
      'files processed at the same time',
      parseIntegerOption(1, 64),
      DEFAULT_REDACT_OPTIONS.concurrency,
    )
    .addOption(
      new Option('--ocr <mode>', 'OCR for scanned pages and images')
        .choices(OCR_MODES)
        .default('auto'),
    )
    .option('--ner', 'require the NER model (error if it is missing)')
    .option('--no-ner', 'patterns only: do not run the NER model')
    .option(
      '--ner-threshold <x>',
      "model detections scoring below this (0 to 1) are not redacted; validated pattern detections always are (default: the model's calibrated thresholds in labels.json: 0.5, per type NAME 0.45, COMPANY and ADDRESS 0.5 for the shipped model; a value given here applies to every type)",
      parseThresholdOption,
    )
    .option(
      '--dpi <n>',
      'resolution of redacted PDF/image copies',
      parseIntegerOption(50, 600),
      DEFAULT_REDACT_OPTIONS.dpi,
    )
    .addOption(
      new Option(
        '--verify <mode>',
        'pages of a redacted copy read back by OCR before it is written: pixels = pages read by OCR or holding images, full = every page',
      )
        .choices(PIXEL_VERIFICATIONS)
        .default('pixels'),
    )
    .option('--overwrite', "replace an earlier run's outputs in --out", false)
    .option(
      '--rename',
      "number the outputs (0001.pdf, 0002.docx, …) instead of keeping the inputs' names, which can name a client; the original names are listed in file-names.csv with the internal reports",
      false,
    )
    .addOption(
      new Option(
        '--layout <layout>',
        'split (the default, as the app exports): --out/shareable/ holds what may be handed out (redacted copies, anonymised text, a Results.xlsx without original values), --out itself what stays inside (the full Results.xlsx and detections.jsonl: every value found); flat: redacted/ and anonymized/ in --out itself, as earlier versions wrote them',
      )
        .choices(OUTPUT_LAYOUTS)
        .default('split'),
    )
    .option(
      '--no-searchable',
      'redacted PDFs without their invisible layer of the anonymised text (by default a copy can be searched and its text copied: the redacted text, never a removed value)',
    );
}

/** RedactOptions from the parsed shared options; a bad recognizers file or type is a UsageError. */
export async function redactOptionsFrom(cliOptions: RedactCliOptions): Promise<RedactOptions> {
  const recognizers =
    cliOptions.recognizers === undefined
      ? undefined
      : await loadRecognizers(cliOptions.recognizers);
  const types = cliOptions.types ? checkTypes(cliOptions.types) : entityTypes.list();
  return {
    types,
    ...(recognizers ? { recognizers, recognizersFile: cliOptions.recognizers } : {}),
    propagate: cliOptions.propagate,
    placeholders: cliOptions.placeholders,
    consistent: cliOptions.consistent,
    seed: cliOptions.seed ?? randomInt(2 ** 31 - 1),
    ...(cliOptions.mapping === undefined ? {} : { mappingFile: resolve(cliOptions.mapping) }),
    labelBoxes: cliOptions.labelBoxes,
    keepImages: cliOptions.keepImages,
    ...(cliOptions.columns ? { columns: cliOptions.columns } : {}),
    keepComments: cliOptions.keepComments,
    formats: cliOptions.formats,
    ocr: cliOptions.ocr,
    ner: cliOptions.ner ?? true,
    ...(cliOptions.nerThreshold === undefined ? {} : { nerThreshold: cliOptions.nerThreshold }),
    concurrency: cliOptions.concurrency,
    dpi: cliOptions.dpi,
    searchable: cliOptions.searchable,
    overwrite: cliOptions.overwrite,
    verify: cliOptions.verify,
    layout: cliOptions.layout,
    rename: cliOptions.rename,
    // Only an explicit --ner makes a missing model fatal.
    nerRequired: cliOptions.ner === true,
  };
}

export interface CliStreams {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

export function registerRedactCommand(
  program: Command,
  streams: CliStreams,
  setExitCode: (code: number) => void,
): void {
  const command = addRedactOptions(
    program
      .command('redact')
      .description('find and redact PII in files and folders')
      .argument('<paths...>', 'files or folders to redact'),
  );
  command
    .option(
      '--ocr-data <dir>',
      "OCR model folder holding eng.traineddata(.gz), e.g. tessdata_fast from your system's tesseract-ocr-eng (/usr/share/tesseract-ocr/5/tessdata on Debian): about 1.3x faster OCR than the bundled model, as accurate (bench:ocr, bench:ocr-accuracy); default: the bundled @tesseract.js-data/eng",
    )
    .addHelpText('after', HELP_AFTER)
    .action(async (paths: string[], cliOptions: RedactCliOptions) => {
      let opts: RedactOptions;
      try {
        if (cliOptions.ocrData !== undefined) chooseOcrData(cliOptions.ocrData);
        opts = await redactOptionsFrom(cliOptions);
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        streams.stderr.write(`finredact: error: ${error.message}\n`);
        setExitCode(EXIT_USAGE);
        return;
      }
      const outDir = resolve(cliOptions.out);
      const reporter = new BatchReporter(streams);
      try {
        const results = await runBatch(paths, outDir, opts, reporter.onEvent);
        // A run of reports only (--formats json) writes nothing that may be handed out.
        const handedOut = opts.formats.some((f) => f !== 'json');
        reporter.printResults(results, cliOptions.out, handedOut ? cliOptions.layout : undefined);
        setExitCode(results.some((r) => r.status === 'error') ? EXIT_SOME_FAILED : EXIT_OK);
      } catch (error) {
        reporter.stopBar();
        if (error instanceof OutputWriteError) {
          streams.stderr.write(`finredact: error: ${error.message}\n`);
          setExitCode(EXIT_SOME_FAILED);
          return;
        }
        if (error instanceof UsageError) {
          streams.stderr.write(`finredact: error: ${error.message}\n`);
          setExitCode(EXIT_USAGE);
          return;
        }
        throw error;
      }
    });
}
