/**
 * Office copies without a time of writing: every zip entry dated 1980-01-01 (the format's first
 * day), so the same input gives the same bytes whenever and wherever it is redacted — a run done
 * twice, or a queue's workers taking a job again.
 */
import JSZip from 'jszip';

export const ZIP_DATE = new Date(Date.UTC(1980, 0, 1));

export function dateEntries(zip: JSZip): void {
  zip.forEach((_, entry) => {
    entry.date = ZIP_DATE;
  });
}

export async function withFixedZipDates(bytes: Uint8Array): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(bytes);
  dateEntries(zip);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
