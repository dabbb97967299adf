/**
 * The national-number check rules we take from python-stdnum's TypeScript port (`stdnum`) rather
 * than write by hand: each returns true when the number's check digits and structure hold.
 * The package is CommonJS, hence the default import.
 */
import stdnumPackage from 'stdnum';

const { stdnum } = stdnumPackage;

type Check = (value: string) => boolean;

interface Validator {
  validate(value: string): { isValid: boolean };
}

function checkOf(country: string, name: string): Check {
  // The package types its tables as records that may lack a key; these keys are in 1.12.
  const validator = (stdnum as Record<string, Record<string, Validator> | undefined>)[country]?.[
    name
  ];
  if (!validator) throw new Error(`stdnum has no ${country}.${name} validator`);
  return (value) => {
    try {
      return validator.validate(value).isValid;
    } catch {
      return false;
    }
  };
}

export const isValidUkNino: Check = checkOf('GB', 'nino');
export const isValidIndianPan: Check = checkOf('IN', 'pan');
export const isValidAadhaar: Check = checkOf('IN', 'aadhaar');
export const isValidSteuerId: Check = checkOf('DE', 'idnr');
export const isValidFrenchNir: Check = checkOf('FR', 'nir');
export const isValidSpanishDni: Check = checkOf('ES', 'dni');
export const isValidSpanishNie: Check = checkOf('ES', 'nie');
export const isValidDutchBsn: Check = checkOf('NL', 'bsn');
