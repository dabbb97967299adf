/**
 * The entity-type registry: the one place that knows each type's placeholder, display label and
 * highlight colour. Follows ../shared/LABELS.md for the built-in types; more types (bank and tax
 * identifiers, a user's own terms) are registered at run time, so no stage keeps its own list.
 *
 * Stages that enumerate "every type" at run time (the CLI's --types, settings, the workbook's
 * columns, the review's toggles, merge's tie-break) ask the registry. The generator, the model and
 * the evaluation know the built-in types only, and say so by using BUILT_IN_TYPES.
 */

/** A registered type's name: upper-case letters, digits and underscores ("NAME", "IBAN_NL"). */
export type EntityType = string;

export const BUILT_IN_TYPES = [
  'NAME',
  'COMPANY',
  'ADDRESS',
  'SSN',
  'CREDIT_CARD',
  'EMAIL',
  'PHONE',
  'URL',
  'BANK_ACCOUNT',
  'TAX_ID',
] as const;

export type BuiltInEntityType = (typeof BUILT_IN_TYPES)[number];

export interface EntityTypeInfo {
  readonly type: EntityType;
  /** Replaces the span's text in anonymised output. */
  readonly placeholder: string;
  /** Column header in the Predicted sheet of Results.xlsx (as in the published baseline). */
  readonly label: string;
  /**
   * Highlight colour in the review (#rrggbb). Light fills with dark text keep every type readable
   * (WCAG AA contrast) and still tell neighbouring spans apart.
   */
  readonly colour: string;
  /** Types found by validated patterns rather than by the NER model. */
  readonly structured: boolean;
}

/** The types the NER model finds by reading (every other built-in type is a validated pattern's). */
export const MODEL_TYPES: ReadonlySet<string> = new Set(['NAME', 'COMPANY', 'ADDRESS']);

/** What registering a type needs; the placeholder and colour have defaults. */
export interface EntityTypeDefinition {
  readonly type: EntityType;
  readonly label: string;
  readonly placeholder?: string;
  readonly colour?: string;
  readonly structured?: boolean;
}

const TYPE_NAME = /^[A-Z][A-Z0-9_]{0,39}$/;
const COLOUR = /^#[0-9a-f]{6}$/i;
/** Colours for registered types that bring none: light, distinct from the built-in ones. */
const SPARE_COLOURS = ['#e4c1f9', '#d0f4de', '#fcf6bd', '#ffcfd2', '#b9fbc0', '#f1c0e8'];

const BUILT_IN_DEFINITIONS: readonly EntityTypeDefinition[] = [
  { type: 'NAME', placeholder: '[NAME REDACTED]', label: 'Name', colour: '#ffd6a5' },
  {
    type: 'COMPANY',
    placeholder: '[COMPANY NAME REDACTED]',
    label: 'Company Name',
    colour: '#caffbf',
  },
  { type: 'ADDRESS', placeholder: '[ADDRESS REDACTED]', label: 'Address', colour: '#9bf6ff' },
  { type: 'SSN', placeholder: '[SSN REDACTED]', label: 'SSN', colour: '#ffadad', structured: true },
  {
    type: 'CREDIT_CARD',
    placeholder: '[CREDIT CARD REDACTED]',
    label: 'Credit Card',
    colour: '#ffc6ff',
    structured: true,
  },
  {
    type: 'EMAIL',
    placeholder: '[EMAIL REDACTED]',
    label: 'Email',
    colour: '#bdb2ff',
    structured: true,
  },
  {
    type: 'PHONE',
    placeholder: '[PHONE NUMBER REDACTED]',
    label: 'Phone Number',
    colour: '#fdffb6',
    structured: true,
  },
  { type: 'URL', placeholder: '[URL REDACTED]', label: 'URL', colour: '#a0c4ff', structured: true },
  {
    type: 'BANK_ACCOUNT',
    placeholder: '[BANK ACCOUNT REDACTED]',
    label: 'Bank Account',
    colour: '#98e2c6',
    structured: true,
  },
  {
    type: 'TAX_ID',
    placeholder: '[TAX ID REDACTED]',
    label: 'Tax ID',
    colour: '#f7c59f',
    structured: true,
  },
];

/**
 * Column order of the Predicted sheet for the built-in types: the published baseline's eight,
 * then the financial identifiers LABELS.md added after it.
 */
const BASELINE_COLUMN_ORDER: readonly BuiltInEntityType[] = [
  'NAME',
  'PHONE',
  'EMAIL',
  'ADDRESS',
  'SSN',
  'CREDIT_CARD',
  'COMPANY',
  'URL',
  'BANK_ACCOUNT',
  'TAX_ID',
];

export class EntityTypeRegistry {
  private readonly byType = new Map<EntityType, EntityTypeInfo>();

  constructor(definitions: readonly EntityTypeDefinition[] = BUILT_IN_DEFINITIONS) {
    for (const d of definitions) this.register(d);
  }

  /**
   * Adds a type. Registering the same definition twice is harmless (each process of the app
   * registers the types it was given); a different definition under a taken name is an error.
   */
  register(definition: EntityTypeDefinition, options: { replace?: boolean } = {}): EntityTypeInfo {
    const { type, label } = definition;
    if (!TYPE_NAME.test(type)) {
      throw new Error(
        `Invalid entity type name "${type}": use upper-case letters, digits and underscores, starting with a letter (at most 40).`,
      );
    }
    if (label.trim().length === 0) throw new Error(`Entity type ${type} needs a label.`);
    if (definition.colour !== undefined && !COLOUR.test(definition.colour)) {
      throw new Error(`Entity type ${type}: colour must look like #a0c4ff.`);
    }
    const info: EntityTypeInfo = {
      type,
      label: label.trim(),
      placeholder: definition.placeholder ?? `[${label.trim().toUpperCase()} REDACTED]`,
      colour:
        definition.colour ?? SPARE_COLOURS[this.byType.size % SPARE_COLOURS.length] ?? '#dddddd',
      structured: definition.structured ?? false,
    };
    const existing = this.byType.get(type);
    if (existing && options.replace) {
      // A user's edited recognizers file redefines its own types; the built-in ones stay.
      if (isBuiltInType(type)) throw new Error(`Entity type ${type} is built in.`);
      const replaced = { ...info, colour: definition.colour ?? existing.colour };
      this.byType.set(type, replaced);
      return replaced;
    }
    if (existing) {
      const same =
        existing.label === info.label &&
        existing.placeholder === info.placeholder &&
        existing.structured === info.structured &&
        (definition.colour === undefined || existing.colour === info.colour);
      if (!same) throw new Error(`Entity type ${type} is already registered differently.`);
      return existing;
    }
    this.byType.set(type, info);
    return info;
  }

  has(type: string): boolean {
    return this.byType.has(type);
  }

  /** The type's info; an unknown type is a programming error, not something to guess about. */
  info(type: EntityType): EntityTypeInfo {
    const info = this.byType.get(type);
    if (!info)
      throw new Error(`Unknown entity type ${type}; registered: ${this.list().join(', ')}`);
    return info;
  }

  /** Every registered type: the built-in ones first, then others in the order registered. */
  list(): EntityType[] {
    return [...this.byType.keys()];
  }

  /** Position of a type in list(); the last resort when two detections tie on everything else. */
  rank(type: EntityType): number {
    const at = this.list().indexOf(type);
    return at === -1 ? Number.MAX_SAFE_INTEGER : at;
  }

  /** Predicted-sheet columns: the baseline's order for built-in types, then the others. */
  columnOrder(): EntityType[] {
    const builtIn: readonly string[] = BASELINE_COLUMN_ORDER;
    return [
      ...BASELINE_COLUMN_ORDER.filter((t) => this.byType.has(t)),
      ...this.list().filter((t) => !builtIn.includes(t)),
    ];
  }
}

/** The process's registry. Types registered at run time must be registered in each process. */
export const entityTypes = new EntityTypeRegistry();

export function entityTypeInfo(type: EntityType): EntityTypeInfo {
  return entityTypes.info(type);
}

export function isEntityType(value: string): value is EntityType {
  return entityTypes.has(value);
}

export function isBuiltInType(value: string): value is BuiltInEntityType {
  return (BUILT_IN_TYPES as readonly string[]).includes(value);
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
      `Unknown entity type ${unknown.join(', ')}; valid types: ${entityTypes.list().join(', ')}`,
    );
  }
  return [...new Set(names)];
}
