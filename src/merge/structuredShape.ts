/**
 * The least shape a value of a structured type has: an e-mail has an @, a phone at least seven
 * digits, and so on. Patterns check far more; this is the floor for model (and any non-pattern)
 * spans of those types, so a model cannot "redact" a phone number that holds two digits
 * ("Expiry: 09") or an e-mail that is a name. OCR-damaged values ("(655)-771-25O0") still pass.
 */
import type { EntityType } from '../domain/entityTypes.js';

const digits = (value: string): number => value.replace(/\D/g, '').length;

const SHAPES: Partial<Record<EntityType, (value: string) => boolean>> = {
  EMAIL: (v) => /\S@\S+\.\S/.test(v),
  PHONE: (v) => digits(v) >= 7 && digits(v) <= 17,
  SSN: (v) => digits(v) >= 8 && digits(v) <= 9,
  CREDIT_CARD: (v) => digits(v) >= 12,
  URL: (v) => /[\p{L}\d]\.[\p{L}]{2,}/u.test(v),
};

/** True when `value` can be a value of `type`; always true for the unstructured types. */
export function hasStructuredShape(type: EntityType, value: string): boolean {
  return SHAPES[type]?.(value) ?? true;
}
