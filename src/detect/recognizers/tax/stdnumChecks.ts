/**
 * The national-number check rules we take from python-stdnum's TypeScript port (`stdnum`) rather
 * than write by hand: each returns true when the number's check digits and structure hold.
 * Each validator is required from its own file: the package's index loads every country's
 * (120 ms of a one-file run's start-up, `npm run bench:stages` and the start-up profile in
 * bench/README.md), and it is CommonJS, hence `require`.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type Check = (value: string) => boolean;

interface Validator {
  validate(value: string): { isValid: boolean };
}

function checkOf(country: string, name: string): Check {
  // Paths of stdnum 1.12's CommonJS build (the package has no exports map to forbid them).
  const validator = require(`stdnum/lib/cjs/${country}/${name}.js`) as Partial<Validator>;
  if (typeof validator.validate !== 'function')
    throw new Error(`stdnum has no ${country}.${name} validator`);
  const validate = validator.validate.bind(validator);
  return (value) => {
    try {
      return validate(value).isValid;
    } catch {
      return false;
    }
  };
}

export const isValidUkNino: Check = checkOf('gb', 'nino');
export const isValidIndianPan: Check = checkOf('in', 'pan');
export const isValidAadhaar: Check = checkOf('in', 'aadhaar');
export const isValidSteuerId: Check = checkOf('de', 'idnr');
export const isValidFrenchNir: Check = checkOf('fr', 'nir');
export const isValidSpanishDni: Check = checkOf('es', 'dni');
export const isValidSpanishNie: Check = checkOf('es', 'nie');
export const isValidDutchBsn: Check = checkOf('nl', 'bsn');
