/**
 * How an IBAN starts, as printed: a country code in capitals and two check digits ("GB82"). The
 * recognizers that find IBANs whole, split over lines or continued from a prefix, the fakes and
 * the pixel read-back each build their own pattern around this one head.
 */
export const IBAN_HEAD = '[A-Z]{2}\\d{2}';

const STARTS_WITH_HEAD = new RegExp(`^${IBAN_HEAD}`, 'u');

/** Whether `value` (trimmed) starts with an IBAN's head. */
export function startsLikeIban(value: string): boolean {
  return STARTS_WITH_HEAD.test(value.trim());
}
