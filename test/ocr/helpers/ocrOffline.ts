/**
 * Child-process entry for the no-network test: extracts one file (OCR) and prints a summary as
 * JSON. Run with denyNetwork.cjs preloaded.
 */
import { extractDocument } from '../../../src/extract/extractDocument.js';
import { closeOcr } from '../../../src/extract/ocr/ocrPool.js';

const file = process.argv[2];
if (!file) throw new Error('usage: ocrOffline.ts FILE');
try {
  const document = await extractDocument(file, { ocr: 'always' });
  console.log(JSON.stringify({ text: document.text, pages: document.pages }));
} finally {
  await closeOcr();
}
