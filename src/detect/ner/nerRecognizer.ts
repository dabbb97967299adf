/**
 * The NER model as a Recognizer: tokenise, run overlapping windows, decode BIO into spans.
 */
import type { EntityType } from '../../domain/entityTypes.js';
import { makeSpan, type Span } from '../../domain/span.js';
import type { Recognizer } from '../recognizer.js';
import { decodeSpans } from './decodeSpans.js';
import { isDigitLedName } from './digitLedName.js';
import { inGarbledText } from './garbledText.js';
import { inLegalCitation } from './legalCitations.js';
import { isMarketTerm } from './marketTerms.js';
import { inDepartmentName } from '../../domain/departmentNames.js';
import { inRegulatorName, isOfficeSpan } from './publicOffices.js';
import { isFillerText } from './fillerText.js';
import { inDottedAbbreviation } from './dottedAbbreviations.js';
import { asTradeCompanies } from './tradeNames.js';
import { commonWordLexicon, isCommonWordSpan, mayBeCommonWords } from './commonWords.js';
import { inSensitivityLabel } from './sensitivityLabels.js';
import { releaseSharedNerModel, sharedNerModel, type NerModel } from './nerModel.js';

/** Types whose every gold span holds a letter (0 of 21,991 NAME/COMPANY/ADDRESS spans in data/eval). */
const LETTERED_TYPES: ReadonlySet<EntityType> = new Set<EntityType>(['NAME', 'COMPANY', 'ADDRESS']);

/** What a doubtful span's score is multiplied by: below any threshold a user would set. */
const DOUBTFUL_FACTOR = 0.25;

export interface NerRecognizerOptions {
  /** Folder holding model.onnx, vocab.txt and labels.json. */
  modelDir: string;
  /** Minimum span score in [0, 1]; defaults to the threshold in labels.json. */
  threshold?: number;
  /** Types to report; defaults to the model's `emitTypes` (labels.json), else all it knows. */
  types?: readonly EntityType[];
  threads?: number;
}

export type NerRecognizer = Recognizer & {
  close(): Promise<void>;
  /** The model's calibrated threshold (labels.json): the detection policy's default. */
  readonly calibratedThreshold: number;
  /**
   * Spans of every type the model knows as it decodes them, before the `types` filter and the
   * scoring down of doubtful spans (parity with the Python reference).
   */
  analyzeAll(text: string): Promise<Span[]>;
};

export async function createNerRecognizer(opts: NerRecognizerOptions): Promise<NerRecognizer> {
  const model: NerModel = await sharedNerModel(opts.modelDir, { threads: opts.threads });
  let closed = false;
  const { config } = model;
  const threshold = opts.threshold ?? config.threshold;
  const types = opts.types ?? config.emitTypes ?? config.types;

  async function decoded(text: string, skipLetterless = false): Promise<Span[]> {
    const tokens = model.tokenize(text);
    if (tokens.ids.length === 0) return [];
    const probs = await model.probabilities(tokens, { skipLetterless });
    return decodeSpans(text, tokens, probs, config, 0).map((s) =>
      makeSpan(text, s.start, s.end, s.type, s.score, 'ner'),
    );
  }

  const isWord = (lower: string): boolean => model.tokenizer.idOf(lower) !== undefined;
  // Names, companies and addresses are written with letters: where only they are reported, a
  // stretch of text without one need not be read.
  const skipLetterless = types.every((t) => LETTERED_TYPES.has(t));

  async function analyzeAll(text: string): Promise<Span[]> {
    return (await decoded(text)).filter((s) => s.score >= threshold);
  }

  return {
    name: 'ner',
    types,
    calibratedThreshold: config.threshold,
    analyzeAll,
    async analyze(text: string): Promise<Span[]> {
      // Spans in text an OCR made up, market vocabulary, a legal citation, a public office, a
      // company's department alone, lorem ipsum, a dotted abbreviation ("C.O.D."), a sensitivity label ("C2 General") or
      // lower-case dictionary words in cased text alone, and names led by a digit are scored
      // down: kept for review, below the threshold.
      // (analyzeAll stays the model's own decoding, the one the Python reference is compared with.)
      const decodedSpans = await decoded(text, skipLetterless);
      // A trade's name read as a person's is a company's, where companies are reported.
      const spans = (
        types.includes('COMPANY') ? asTradeCompanies(text, decodedSpans) : decodedSpans
      ).filter((s) => types.includes(s.type));
      // The dictionary is read only when a span may be made of its words.
      const words = spans.some((s) => mayBeCommonWords(s.type, s.text))
        ? await commonWordLexicon()
        : undefined;
      return spans
        .map((s) => {
          // The word test first: it is cheap, the neighbourhood's is not.
          const doubtful =
            isMarketTerm(s.text) ||
            inLegalCitation(text, s.start, s.end) ||
            (s.type === 'NAME' && isDigitLedName(s.text)) ||
            isOfficeSpan(s.type, s.text) ||
            (s.type === 'COMPANY' && inRegulatorName(text, s.start, s.end)) ||
            (s.type === 'COMPANY' && inDepartmentName(text, s.start, s.end)) ||
            isFillerText(s.text) ||
            inDottedAbbreviation(text, s.start, s.end) ||
            inSensitivityLabel(text, s.start, s.end) ||
            (words !== undefined && isCommonWordSpan(text, s.type, s.start, s.end, words)) ||
            inGarbledText(text, s.start, s.end, isWord);
          return doubtful ? { ...s, score: s.score * DOUBTFUL_FACTOR } : s;
        })
        .filter((s) => s.score >= threshold);
    },
    async close(): Promise<void> {
      // Once: a second close would give back another user's hold on the shared model.
      if (closed) return;
      closed = true;
      await releaseSharedNerModel(opts.modelDir);
    },
  };
}
