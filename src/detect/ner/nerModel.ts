/**
 * The ONNX token classifier: one onnxruntime session per model folder per process, created on
 * first use and shared. Runs are queued one at a time because each run already uses every
 * intra-op thread; concurrent runs would only contend for the same two cores.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { readModelConfig, type NerModelConfig } from './modelConfig.js';
import { SHAPE_SPECIAL, layoutShapes } from './tokenShape.js';
import { LogitAverager, windowStarts } from './windowPlan.js';
import { WordPieceTokenizer, type TokenizedText } from './wordpieceTokenizer.js';

export interface NerModelOptions {
  /** Intra-op threads for onnxruntime; defaults to 2 (the machines we target have two cores). */
  threads?: number;
}

export class NerModel {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly session: ort.InferenceSession,
    readonly tokenizer: WordPieceTokenizer,
    readonly config: NerModelConfig,
  ) {}

  static async load(modelDir: string, opts: NerModelOptions = {}): Promise<NerModel> {
    const [config, vocab] = await Promise.all([
      readModelConfig(modelDir),
      readFile(join(modelDir, 'vocab.txt'), 'utf8'),
    ]);
    const session = await ort.InferenceSession.create(join(modelDir, 'model.onnx'), {
      intraOpNumThreads: opts.threads ?? 2,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      executionProviders: ['cpu'],
      // Idle intra-op threads sleep instead of spinning: with another busy process on the cores
      // the spinning threads took its time and ours (200 one-page PDFs, 2 cores: 9.0 pages/s
      // spinning, 12.0 not; alone 17.0 and 17.8; bench/README.md).
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    });
    return new NerModel(session, new WordPieceTokenizer(vocab), config);
  }

  /** Token ids, offsets and shapes for a text. */
  tokenize(text: string): TokenizedText & { shapes: Int32Array } {
    const tokens = this.tokenizer.tokenize(text);
    return { ...tokens, shapes: layoutShapes(text, tokens.starts, tokens.ends) };
  }

  /**
   * Label probabilities per token (row-major, labels.length wide), from overlapping windows
   * run in batches of `batchWindows`, each padded to its longest window — the batching of the
   * Python reference, which matters for parity because int8 dynamic quantisation computes its
   * activation ranges over the whole batch. `skipLetterless` is for callers that keep only
   * types with letters (names, companies, addresses).
   */
  async probabilities(
    tokens: { ids: Int32Array; shapes: Int32Array },
    opts: { skipLetterless?: boolean } = {},
  ): Promise<Float64Array> {
    const { window, stride, batchWindows, labels } = this.config;
    const n = tokens.ids.length;
    const averager = new LogitAverager(n, labels.length);
    const starts = windowStarts(n, window, stride);
    for (let b = 0; b < starts.length; b += batchWindows) {
      const batch = starts.slice(b, b + batchWindows);
      const lengths = batch.map((s) => Math.min(s + window, n) - s);
      // A batch without a letter (a thousand tokens of a numbers-only sheet) is left out whole:
      // the batches that run are the ones they always were, so their spans do not move (int8
      // activation ranges are the batch's), and its tokens read O.
      const lastEnd = (batch.at(-1) ?? 0) + (lengths.at(-1) ?? 0);
      if (opts.skipLetterless && !this.tokenizer.anyLettered(tokens.ids, batch[0] ?? 0, lastEnd)) {
        continue;
      }
      const width = Math.max(...lengths) + 2;
      const logits = await this.run(tokens, batch, lengths, width);
      batch.forEach((s, r) => {
        averager.add(s, lengths[r] ?? 0, logits, (r * width + 1) * labels.length);
      });
    }
    return averager.probabilities();
  }

  private run(
    tokens: { ids: Int32Array; shapes: Int32Array },
    batch: readonly number[],
    lengths: readonly number[],
    width: number,
  ): Promise<Float32Array> {
    const { clsId, sepId, padId } = this.config;
    const size = batch.length * width;
    const ids = new BigInt64Array(size).fill(BigInt(padId));
    const mask = new BigInt64Array(size);
    const shapes = new BigInt64Array(size).fill(BigInt(SHAPE_SPECIAL));
    batch.forEach((s, r) => {
      const len = lengths[r] ?? 0;
      const row = r * width;
      ids[row] = BigInt(clsId);
      for (let t = 0; t < len; t++) {
        ids[row + 1 + t] = BigInt(tokens.ids[s + t] ?? padId);
        shapes[row + 1 + t] = BigInt(tokens.shapes[s + t] ?? SHAPE_SPECIAL);
      }
      ids[row + len + 1] = BigInt(sepId);
      mask.fill(1n, row, row + len + 2);
    });
    const dims = [batch.length, width];
    const feeds = {
      input_ids: new ort.Tensor('int64', ids, dims),
      attention_mask: new ort.Tensor('int64', mask, dims),
      shape_ids: new ort.Tensor('int64', shapes, dims),
    };
    const result = this.queue.then(async () => {
      const out = await this.session.run(feeds);
      const logits = out['logits'];
      if (logits === undefined) throw new Error('the NER model has no "logits" output');
      return logits.data as Float32Array;
    });
    this.queue = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    await this.queue;
    await this.session.release();
  }
}

/**
 * Each folder's model and how many users hold it. Counted because two detectors may share a
 * process (the app's names preview and an export): the first to close must not release the
 * session the other is still running.
 */
const loaded = new Map<string, { readonly model: Promise<NerModel>; users: number }>();

/** The process-wide model for a folder: loaded on first call, then reused; one more user. */
export function sharedNerModel(modelDir: string, opts: NerModelOptions = {}): Promise<NerModel> {
  let entry = loaded.get(modelDir);
  if (entry === undefined) {
    const created = { model: NerModel.load(modelDir, opts), users: 0 };
    // A failed load is not cached, so a later call (e.g. after the model is restored) retries.
    created.model.catch(() => {
      if (loaded.get(modelDir) === created) loaded.delete(modelDir);
    });
    loaded.set(modelDir, created);
    entry = created;
  }
  entry.users++;
  return entry.model;
}

/** One user gives a shared model back; the last one releases and forgets it. */
export async function releaseSharedNerModel(modelDir: string): Promise<void> {
  const entry = loaded.get(modelDir);
  if (entry === undefined || --entry.users > 0) return;
  loaded.delete(modelDir);
  await (await entry.model).close();
}
