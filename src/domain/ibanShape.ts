/**
 * How an IBAN starts, as printed: a country code in capitals and two check digits ("GB82"). The
 * recognizers that find IBANs whole, split over lines or continued from a prefix, the fakes and
 * the pixel read-back each build their own pattern around this one head. And when one proves
 * itself (`isCheckedIban`), for the recognizers and the read-back alike.
 */
import { validateIBAN, ValidationErrorsIBAN } from 'ibantools';

export const IBAN_HEAD = '[A-Z]{2}\\d{2}';

const STARTS_WITH_HEAD = new RegExp(`^${IBAN_HEAD}`, 'u');

/** Whether `value` (trimmed) starts with an IBAN's head. */
export function startsLikeIban(value: string): boolean {
  return STARTS_WITH_HEAD.test(value.trim());
}

/**
 * Whether a compact IBAN proves itself: the country's length and format (ibantools' table) and
 * the mod-97 check digits — the check LABELS.md names. A country's own check digits inside the
 * BBAN (France's RIB key, Spain's, Belgium's) are not asked for as well: one wrong there with the
 * mod 97 right is a made-up IBAN (test data: Faker writes French IBANs so) or a slip in the
 * account, and either way an account number a reader would take for one.
 */
export function isCheckedIban(compact: string): boolean {
  const { valid, errorCodes } = validateIBAN(compact);
  return (
    valid || errorCodes.every((e) => e === ValidationErrorsIBAN.WrongAccountBankBranchChecksum)
  );
}
