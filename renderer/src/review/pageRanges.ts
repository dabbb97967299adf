/**
 * Pages named the way people name them for whole-page redaction: "3", "3-7" or "3–7", lists
 * ("1, 4-6"), "odd", "even", "all" — or why the text does not name pages of this document.
 */
export function parsePageRanges(
  text: string,
  pageCount: number,
): { pages: number[] } | { error: string } {
  const pages = new Set<number>();
  const parts = text
    .split(/[,;]/)
    .map((p) => p.trim().toLowerCase())
    .filter((p) => p !== '');
  if (parts.length === 0) return { error: 'name the pages, e.g. 3–7, 9, odd or even' };
  for (const part of parts) {
    if (part === 'all') for (let p = 1; p <= pageCount; p++) pages.add(p);
    else if (part === 'odd' || part === 'even')
      for (let p = part === 'odd' ? 1 : 2; p <= pageCount; p += 2) pages.add(p);
    else {
      const m = /^(\d+)(?:\s*[-–—]\s*(\d+))?$/.exec(part);
      if (!m) return { error: `"${part}" is not a page, a range (3–7), odd, even or all` };
      const from = Number(m[1]);
      const to = m[2] === undefined ? from : Number(m[2]);
      if (from < 1 || to < from)
        return { error: `"${part}" is not a range of pages: it must run forwards from page 1` };
      if (to > pageCount)
        return {
          error: `the document has ${pageCount} page${pageCount === 1 ? '' : 's'}, not ${to}`,
        };
      for (let p = from; p <= to; p++) pages.add(p);
    }
  }
  return { pages: [...pages].sort((a, b) => a - b) };
}

/** The page a text offset lies on, from each page's first offset (FileResult.pageStarts). */
export function pageOfOffset(pageStarts: readonly number[], offset: number): number {
  let page = 1;
  for (let p = 0; p < pageStarts.length; p++) if (pageStarts[p]! <= offset) page = p + 1;
  return page;
}

/** Pages as a person writes them: "page 4", "pages 1–3, 7". */
export function pageListText(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    runs.push(j > i ? `${sorted[i]}–${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return `${sorted.length === 1 ? 'page' : 'pages'} ${runs.join(', ')}`;
}
