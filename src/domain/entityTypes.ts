/**
 * The entity-type registry: the one place that knows each type's placeholder and display label.
 * Follows ../shared/LABELS.md; every stage (generator, recognizers, model, eval, UI) reads it.
 */
export const ENTITY_TYPES = [
  'NAME',
  'COMPANY',
  'ADDRESS',
  'SSN',
  'CREDIT_CARD',
  'EMAIL',
  'PHONE',
  'URL',
] as const;

export type EntityType = (typeof ENTITY_TYPES)[number];

export interface EntityTypeInfo {
  readonly type: EntityType;
  /** Replaces the span's text in anonymised output. */
  readonly placeholder: string;
  /** Column header in the Predicted sheet of Results.xlsx (as in the published baseline). */
  readonly label: string;
  /** Types found by validated patterns rather than by the NER model. */
  readonly structured: boolean;
}

export const ENTITY_TYPE_INFO: Readonly<Record<EntityType, EntityTypeInfo>> = {
  NAME: { type: 'NAME', placeholder: '[NAME REDACTED]', label: 'Name', structured: false },
  PHONE: {
    type: 'PHONE',
    placeholder: '[PHONE NUMBER REDACTED]',
    label: 'Phone Number',
    structured: true,
  },
  EMAIL: { type: 'EMAIL', placeholder: '[EMAIL REDACTED]', label: 'Email', structured: true },
  ADDRESS: {
    type: 'ADDRESS',
    placeholder: '[ADDRESS REDACTED]',
    label: 'Address',
    structured: false,
  },
  SSN: { type: 'SSN', placeholder: '[SSN REDACTED]', label: 'SSN', structured: true },
  CREDIT_CARD: {
    type: 'CREDIT_CARD',
    placeholder: '[CREDIT CARD REDACTED]',
    label: 'Credit Card',
    structured: true,
  },
  COMPANY: {
    type: 'COMPANY',
    placeholder: '[COMPANY NAME REDACTED]',
    label: 'Company Name',
    structured: false,
  },
  URL: { type: 'URL', placeholder: '[URL REDACTED]', label: 'URL', structured: true },
};

/** Column order of the Predicted sheet: Name, Phone Number, Email, Address, SSN, Credit Card, Company Name, URL. */
export const PREDICTED_COLUMN_ORDER: readonly EntityType[] = [
  'NAME',
  'PHONE',
  'EMAIL',
  'ADDRESS',
  'SSN',
  'CREDIT_CARD',
  'COMPANY',
  'URL',
];

export function isEntityType(value: string): value is EntityType {
  return (ENTITY_TYPES as readonly string[]).includes(value);
}

/** Parses a comma-separated `--types` list; throws with the offending name and the valid ones. */
export function parseEntityTypes(list: string): EntityType[] {
  const names = list
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s.length > 0);
  const unknown = names.filter((n) => !isEntityType(n));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown entity type ${unknown.join(', ')}; valid types: ${ENTITY_TYPES.join(', ')}`,
    );
  }
  return [...new Set(names)] as EntityType[];
}
