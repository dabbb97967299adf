/**
 * Child-process entry for the pool test: OCRs a file and returns WITHOUT calling closeOcr(), to
 * show that idle OCR workers do not keep the process alive.
 */
import { extractDocument } from '../../../src/extract/extractDocument.js';

const file = process.argv[2];
if (!file) throw new Error('usage: ocrWithoutClose.ts FILE');
const document = await extractDocument(file, { ocr: 'auto' });
console.log(document.text.length);
