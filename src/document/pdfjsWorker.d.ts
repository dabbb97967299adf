// pdf.js ships no types for its worker entry; we only import it for its side effect.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs';
