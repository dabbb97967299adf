/** When pages are OCR'd: `auto` only pages without (enough of) a text layer, `always` every page. */
export type OcrMode = 'auto' | 'always' | 'never';
