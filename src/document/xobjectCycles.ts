/**
 * A form XObject that draws itself (directly or through others) sends pdf.js into endless
 * recursion: the stack overflows inside its promise chain, Node prints dozens of stack traces,
 * and the page yields nothing. Viewers cut such loops; so do we, before pdf.js sees the file:
 * the reference that closes a loop is removed from a copy of the PDF (the original file is never
 * touched), and the caller is told how many loops were cut so it can warn once.
 */
import { PDFDict, PDFDocument, PDFName, PDFRef, PDFStream } from 'pdf-lib';

const FORM = PDFName.of('Form');
const SUBTYPE = PDFName.of('Subtype');
const RESOURCES = PDFName.of('Resources');
const XOBJECT = PDFName.of('XObject');

function xobjectsOf(resources: unknown, doc: PDFDocument): PDFDict | undefined {
  const dict = resources instanceof PDFRef ? doc.context.lookup(resources) : resources;
  if (!(dict instanceof PDFDict)) return undefined;
  const xobjects = dict.lookup(XOBJECT);
  return xobjects instanceof PDFDict ? xobjects : undefined;
}

/** Removes every entry that closes a loop of form XObjects; returns how many it removed. */
function cutLoops(doc: PDFDocument): number {
  let cut = 0;
  const done = new Set<PDFRef>();
  const visit = (xobjects: PDFDict, path: Set<PDFRef>) => {
    for (const [name, value] of xobjects.entries()) {
      if (!(value instanceof PDFRef)) continue;
      if (path.has(value)) {
        xobjects.delete(name);
        cut++;
        continue;
      }
      if (done.has(value)) continue;
      const stream = doc.context.lookup(value);
      if (!(stream instanceof PDFStream) || stream.dict.get(SUBTYPE) !== FORM) continue;
      const inner = xobjectsOf(stream.dict.get(RESOURCES), doc);
      if (inner) visit(inner, new Set([...path, value]));
      done.add(value);
    }
  };
  for (const page of doc.getPages()) {
    const xobjects = xobjectsOf(page.node.Resources(), doc);
    if (xobjects) visit(xobjects, new Set());
  }
  return cut;
}

export async function withoutXObjectLoops(
  bytes: Uint8Array,
): Promise<{ readonly bytes: Uint8Array; readonly loopsCut: number }> {
  // Cheap test first: without a form XObject there can be no loop, and most PDFs have none.
  if (!Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('/Form')) {
    return { bytes, loopsCut: 0 };
  }
  try {
    const doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    });
    if (doc.isEncrypted) return { bytes, loopsCut: 0 };
    const loopsCut = cutLoops(doc);
    return loopsCut === 0 ? { bytes, loopsCut } : { bytes: await doc.save(), loopsCut };
  } catch {
    // pdf-lib reads less than pdf.js does; whatever it cannot read is pdf.js's to judge.
    return { bytes, loopsCut: 0 };
  }
}
