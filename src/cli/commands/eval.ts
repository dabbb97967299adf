/**
 * `finredact eval`: scores detection on a labelled data set. Tables go to stdout (JSON with
 * --json), progress to stderr so the output can be piped or saved.
 */
import { Command, Option } from 'commander';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
// The report's modules (Vega, Vega-Lite) are imported only when a report is asked for.
import { parseEntityTypes } from '../../domain/entityTypes.js';
import { loadRecognizers } from '../../pipeline/loadRecognizers.js';
import { formatEvaluationReport } from '../../eval/formatEvaluationReport.js';
import { DATASET_FORMATS, type DatasetFormat } from '../../eval/datasetFormats.js';
import type { EvaluationOptions } from '../../eval/runEvaluation.js';
import { REAL_DEV_HALVES, type RealDevHalf } from '../../eval/realDevHalves.js';

interface EvalFlags {
  data: string;
  format?: DatasetFormat;
  json?: boolean;
  ner: boolean;
  nerThreshold?: string;
  model?: string;
  types?: string;
  ocr?: 'auto' | 'always' | 'never';
  half?: RealDevHalf;
  recognizers?: string;
  propagate: 'document' | 'off';
  report?: string;
  compare?: string;
}

/** On a terminal a line rewritten at most once a second; otherwise a line every 25%. */
function progressPrinter(tty: boolean): (done: number, total: number) => void {
  let lastShown = 0;
  let lastQuarter = 0;
  return (done, total) => {
    if (total < 20) return;
    if (!tty) {
      const quarter = Math.floor((done / total) * 4);
      if (quarter > lastQuarter) process.stderr.write(`eval: ${done}/${total} documents\n`);
      lastQuarter = quarter;
      return;
    }
    const now = Date.now();
    if (done !== total && now - lastShown < 1000) return;
    lastShown = now;
    process.stderr.write(`\reval: ${done}/${total} documents${done === total ? '\n' : ''}`);
  };
}

/** Exit codes as for `redact`: 1 when the evaluation could not run, 2 for bad arguments. */
const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

export function registerEvalCommand(
  program: Command,
  setExitCode: (code: number) => void = (code) => (process.exitCode = code),
): Command {
  return program
    .command('eval')
    .description(
      'Score detection on a labelled data set: P/R/F1 per type (exact and overlap match) and leak rate',
    )
    .requiredOption(
      '--data <path>',
      'labelled data: a .jsonl file, the presidio-synth-v2 folder or the real-dev folder',
    )
    .addOption(
      new Option('--format <format>', 'data format (guessed from the path when omitted)').choices([
        ...DATASET_FORMATS,
      ]),
    )
    .option('--json', 'print the full report as JSON instead of tables')
    .option('--no-ner', 'detect with the validated patterns only (no model)')
    .option('--ner-threshold <p>', 'minimum model confidence for a NER span, 0–1')
    .option(
      '--model <dir>',
      'NER model folder to score (model.onnx, vocab.txt, labels.json); default: the shipped models/pii-ner',
    )
    .option('--types <list>', 'comma-separated entity types to detect and score (default: all)')
    .option(
      '-r, --recognizers <file>',
      'score with your own recognizers file (YAML: types, terms, patterns, allow-list)',
    )
    .option(
      '--report <dir>',
      'also write DIR/report.html (charts: precision-recall per type, leak against the threshold, confusion matrix; worst documents) and DIR/report.json',
    )
    .option('--compare <dir>', 'with --report: a second model folder, drawn on the same charts')
    .addOption(
      new Option(
        '--propagate <scope>',
        "redact a detected value's other occurrences in its document, or not (off)",
      )
        .choices(['document', 'off'])
        .default('document'),
    )
    .addOption(
      new Option(
        '--half <half>',
        'real-dev and real-dev2: score only the tuning half or the blind half of their documents (the split is listed in src/eval/realDevHalves.ts; report both)',
      ).choices([...REAL_DEV_HALVES]),
    )
    .addOption(
      new Option('--ocr <mode>', 'OCR for scanned real-dev files')
        .choices(['auto', 'always', 'never'])
        .default('auto'),
    )
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  finredact eval --data data/test.jsonl\n' +
        '  finredact eval --data ../shared/datasets/presidio-synth-v2 --no-ner --types EMAIL,PHONE,URL,SSN,CREDIT_CARD\n' +
        '  finredact eval --data ../shared/datasets/real-dev --json > real-dev.json\n' +
        '  finredact eval --data ../shared/datasets/real-dev2 --half blind          the half no rule may be tuned on\n' +
        '  finredact eval --data data/test.jsonl --model /tmp/candidate-model        score a candidate model\n' +
        '  finredact eval --data data/test.jsonl --report report/                     charts in report/report.html\n' +
        '  finredact eval --data data/test.jsonl --report r/ --compare /tmp/candidate-model',
    )
    .action(async (flags: EvalFlags) => {
      const fail = (code: number, message: string): void => {
        process.stderr.write(`finredact eval: ${message}\n`);
        setExitCode(code);
      };
      const threshold = flags.nerThreshold === undefined ? undefined : Number(flags.nerThreshold);
      if (threshold !== undefined && !(threshold >= 0 && threshold <= 1)) {
        return fail(
          EXIT_USAGE,
          `--ner-threshold must be a number between 0 and 1, got ${flags.nerThreshold}`,
        );
      }
      if (!existsSync(flags.data)) return fail(EXIT_USAGE, `--data ${flags.data} does not exist`);
      if (flags.model !== undefined && !flags.ner)
        return fail(EXIT_USAGE, '--model names a NER model, which --no-ner turns off');
      if (flags.model !== undefined && !existsSync(join(flags.model, 'model.onnx')))
        return fail(EXIT_USAGE, `--model ${flags.model} holds no model.onnx`);
      let types;
      let recognizers;
      try {
        if (flags.recognizers !== undefined) {
          recognizers = await loadRecognizers(flags.recognizers);
        }
        types = flags.types ? parseEntityTypes(flags.types) : undefined;
      } catch (error) {
        return fail(EXIT_USAGE, (error as Error).message);
      }
      if (flags.compare !== undefined && flags.report === undefined)
        return fail(
          EXIT_USAGE,
          '--compare draws a second model in the report; give --report DIR too',
        );
      if (flags.compare !== undefined && !existsSync(join(flags.compare, 'model.onnx')))
        return fail(EXIT_USAGE, `--compare ${flags.compare} holds no model.onnx`);
      const options: EvaluationOptions = {
        data: flags.data,
        format: flags.format,
        ner: flags.ner,
        nerThreshold: threshold,
        modelDir: flags.model,
        types,
        ocr: flags.ocr,
        ...(flags.half ? { half: flags.half } : {}),
        ...(recognizers ? { recognizers } : {}),
        propagate: flags.propagate,
        onProgress: progressPrinter(process.stderr.isTTY === true),
      };
      if (flags.report !== undefined) {
        try {
          const { buildEvaluationReport } = await import('../../eval/report/evaluationReport.js');
          const { writeEvaluationReport } = await import('../../eval/report/writeReport.js');
          const data = await buildEvaluationReport(options, flags.compare);
          const written = await writeEvaluationReport(resolve(flags.report), data);
          const first = data.models[0]!;
          process.stdout.write(
            flags.json
              ? `${JSON.stringify(data, null, 2)}\n`
              : `${formatEvaluationReport(first.summary)}\n\nRecall-first thresholds: ${Object.entries(
                  first.recallFirstThresholds,
                )
                  .map(([t, v]) => `${t} ${v.toFixed(2)}`)
                  .join(', ')}\nReport: ${written.html}\n`,
          );
        } catch (error) {
          fail(EXIT_FAILED, error instanceof Error ? error.message : String(error));
        }
        return;
      }
      try {
        // The detector, datasets and their parsers load only for an evaluation.
        const { runEvaluation } = await import('../../eval/runEvaluation.js');
        const report = await runEvaluation(options);
        process.stdout.write(
          flags.json
            ? `${JSON.stringify(report, null, 2)}\n`
            : `${formatEvaluationReport(report)}\n`,
        );
      } catch (error) {
        fail(EXIT_FAILED, error instanceof Error ? error.message : String(error));
      }
    });
}
