/** Entry point loaded by src/detect/nerLoader.ts when NER is switched on. */
export {
  createNerRecognizer,
  type NerRecognizer,
  type NerRecognizerOptions,
} from './nerRecognizer.js';
export { NerModel, sharedNerModel } from './nerModel.js';
export { WordPieceTokenizer } from './wordpieceTokenizer.js';
