/**
 * A table's column under a person's header ("Name", "Employee", "Payee", "Account holder")
 * lists people. The model, reading a short list of names beside numbers ("Name | Hours" with
 * four rows), finds some of them and passes over others it finds anywhere else: on 40 made-up
 * tables of two to four rows it left 11 of 115 names whole or in part in CSVs, 17 in text, 21 in
 * PDFs. Where it found names in a quarter of such a column's name-shaped cells (or something
 * personal in half its cells: it read one list of staff as addresses), every other cell of the
 * column's run that is shaped as a name (a few capitalised words, no digits, no trade's word or
 * legal form) is one too, and a model span of another type or over part of such a cell
 * ("Francesco" in clear before an ADDRESS) gives way to the whole cell. The header and the
 * model's find decide together: a header alone ("Name" over product names) or a lone find among
 * many (one row of a ledger) decides nothing. Sheets' cells and a text's tables (textTables) are
 * read alike.
 */
import type { CellPlace } from '../domain/documentText.js';
import { hasOrganisationWord } from '../domain/organisationWords.js';
import { makeSpan, type Span } from '../domain/span.js';
import { ENDS_IN_LEGAL_FORM, NAME_PARTICLES } from '../domain/vocabulary.js';
import { cellsUnder, NUMBER_ONLY, trimmedRange, valueCellsInOrder } from './tableBlocks.js';

/** Headers of a column of people, in English, German, French, Dutch, Spanish and Italian. */
const PERSON_HEADERS: ReadonlySet<string> = new Set(
  [
    'name',
    'names',
    'full name',
    'fullname',
    'first name',
    'given name',
    'forename',
    'last name',
    'surname',
    'family name',
    'employee',
    'employees',
    'employee name',
    'staff',
    'staff member',
    'staff name',
    'customer',
    'customer name',
    'client',
    'client name',
    'payee',
    'payee name',
    'beneficiary',
    'beneficiary name',
    'account holder',
    'account holder name',
    'holder',
    'contact',
    'contact name',
    'contact person',
    'member',
    'member name',
    'tenant',
    'tenant name',
    'owner',
    'recipient',
    'applicant',
    'borrower',
    'guarantor',
    'director',
    'shareholder',
    'signatory',
    'approver',
    'approved by',
    'prepared by',
    'reviewed by',
    'submitted by',
    'requested by',
    'attendee',
    'participant',
    'person',
    'worker',
    'cardholder',
    'card holder',
    'policyholder',
    'policy holder',
    'debtor',
    'claimant',
    'investor',
    'remitter',
    'sender',
    'vorname',
    'nachname',
    'mitarbeiter',
    'mitarbeiterin',
    'kunde',
    'empfänger',
    'kontoinhaber',
    'nom',
    'prénom',
    'nom complet',
    'salarié',
    'employé',
    'bénéficiaire',
    'titulaire',
    'naam',
    'voornaam',
    'achternaam',
    'medewerker',
    'klant',
    'begunstigde',
    'rekeninghouder',
    'nombre',
    'apellido',
    'apellidos',
    'empleado',
    'cliente',
    'beneficiario',
    'titular',
    'nome',
    'cognome',
    'dipendente',
  ].map(headerKey),
);

/** Words a table prints in its name column that are no one's name: totals, gaps, placeholders. */
const TABLE_WORDS: ReadonlySet<string> = new Set(
  (
    'total totals subtotal sum grand average mean median min max count net gross balance ' +
    'brought carried forward page summary none nil n a na tbc tbd tba unknown vacant various ' +
    'other others all everyone misc sundry cash'
  ).split(' '),
);

// Dutch "'s" and "'t" start a surname too ("'s Gravensande").
const PARTICLES: ReadonlySet<string> = new Set([...NAME_PARTICLES, "'s", "'t", '’s', '’t']);

/** "Quill", "O'Neill", "Lindqvist-Berg", "J.", "QUILL", "Smith,": a word a name is made of. */
const NAME_WORD = /^\p{Lu}[\p{L}\p{M}'’-]*[.,]?$/u;

/** The model's find that makes a column's header count; as the table-block rule trusts it. */
const EVIDENCE_SCORE = 0.5;
/** A filled cell's score: below a pattern's, as this is a vote of header and column. */
const FILL_SCORE = 0.9;
const MAX_NAME_LENGTH = 60;

function headerKey(header: string): string {
  return header
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim();
}

/** Whether `value` (a cell's trimmed text) reads as a person's name. */
export function nameShaped(value: string): boolean {
  if (value.length < 2 || value.length > MAX_NAME_LENGTH || /[\p{N}@/\\&]/u.test(value)) {
    return false;
  }
  const words = value.split(/\s+/);
  if (words.length > 5) return false;
  const shaped = words.every((w) => PARTICLES.has(w) || NAME_WORD.test(w));
  const named = words.some((w) => /^\p{Lu}[\p{L}\p{M}]/u.test(w));
  const tableWord = headerKey(value)
    .split(' ')
    .some((w) => TABLE_WORDS.has(w));
  return (
    shaped &&
    named &&
    !tableWord &&
    !PERSON_HEADERS.has(headerKey(value)) &&
    !hasOrganisationWord(value) &&
    !ENDS_IN_LEGAL_FORM.test(value)
  );
}

/**
 * The runs of cells under each person header: the column's cells below it, down to the first
 * empty row of the sheet or the next person header in the column.
 */
function personRuns(text: string, sorted: readonly CellPlace[]): CellPlace[][] {
  const columns = new Map<string, CellPlace[]>();
  const rows = new Map<string, Set<number>>();
  for (const cell of sorted) {
    const key = `${cell.sheet}\u0000${cell.col}`;
    const column = columns.get(key) ?? [];
    if (column.length === 0) columns.set(key, column);
    column.push(cell);
    rows.set(cell.sheet, (rows.get(cell.sheet) ?? new Set()).add(cell.row));
  }
  const isHeader = (cell: CellPlace) =>
    PERSON_HEADERS.has(headerKey(text.slice(cell.start, cell.end)));
  const runs: CellPlace[][] = [];
  for (const column of columns.values()) {
    column.sort((a, b) => a.row - b.row);
    column.forEach((header, at) => {
      if (!isHeader(header)) return;
      const sheetRows = rows.get(header.sheet)!;
      const run: CellPlace[] = [];
      let row = header.row;
      for (let k = at + 1; k < column.length; k++) {
        const cell = column[k]!;
        if (isHeader(cell)) break;
        let gap = false;
        for (let r = row + 1; r < cell.row && !gap; r++) gap = !sheetRows.has(r);
        if (gap) break;
        run.push(cell);
        row = cell.row;
      }
      if (run.length > 0) runs.push(run);
    });
  }
  return runs;
}

/**
 * The cells of the tables that have a person's header somewhere: the tables the name-column rule
 * reads, and the only tables of a text whose blocks are cut at their cells.
 */
export function tablesWithPersonHeader(text: string, cells: readonly CellPlace[]): CellPlace[] {
  const tables = new Set(
    cells
      .filter(
        (c) => c.kind === 'value' && PERSON_HEADERS.has(headerKey(text.slice(c.start, c.end))),
      )
      .map((c) => c.sheet),
  );
  return cells.filter((c) => tables.has(c.sheet));
}

export function fillNameColumns(
  text: string,
  candidates: readonly Span[],
  cells: readonly CellPlace[],
): Span[] {
  const sorted = valueCellsInOrder(cells);
  if (sorted.length === 0) return [...candidates];
  const range = (cell: CellPlace) => trimmedRange(text, cell.start, cell.end);
  const valueOf = (cell: CellPlace) => {
    const { start, end } = range(cell);
    return text.slice(start, end);
  };
  const found = new Map<CellPlace, Set<Span['type']>>();
  // The type of the model's span over each whole cell.
  const whole = new Map<CellPlace, Span['type']>();
  for (const span of candidates) {
    if (span.source !== 'ner' || span.score < EVIDENCE_SCORE) continue;
    if (span.type !== 'NAME' && span.type !== 'COMPANY' && span.type !== 'ADDRESS') continue;
    for (const cell of cellsUnder(sorted, span)) {
      found.set(cell, (found.get(cell) ?? new Set()).add(span.type));
      const { start, end } = range(cell);
      if (span.start <= start && span.end >= end) whole.set(cell, span.type);
    }
  }
  const filled = new Map<CellPlace, Span>();
  for (const run of personRuns(text, sorted)) {
    // The model's find: a name in a quarter of the cells shaped as names, or something personal
    // in half the cells (it read one list of staff as addresses; the header says whose they
    // are). One name among forty ledger accounts under "Name" ("Loan from …") fills nothing.
    const names = run.filter((cell) => found.get(cell)?.has('NAME')).length;
    const personal = run.filter((cell) => found.has(cell)).length;
    const shaped = run.filter((cell) => nameShaped(valueOf(cell)));
    if (!(names > 0 && names * 4 >= shaped.length) && personal * 2 < run.length) continue;
    const companies = run.filter((cell) => found.get(cell)?.has('COMPANY')).length;
    // A column of customers the model read mostly as companies is the model's to type.
    if (companies > names) continue;
    for (const cell of shaped) {
      // A cell the model found whole as a name needs nothing, one it found whole as a
      // company's is the model's ("Ben 's" alone as a company is a name cut short).
      const own = whole.get(cell);
      if (own === 'NAME' || own === 'COMPANY') continue;
      const { start, end } = range(cell);
      filled.set(cell, makeSpan(text, start, end, 'NAME', FILL_SCORE, 'ner'));
    }
  }
  if (filled.size === 0) return [...candidates];
  // The model's spans over filled cells give way to the whole cells, and so do those over filled
  // cells and the numbers beside them (an address the model made of "Glen Fletcher   57" and
  // the next row's name), and those over a number alone in a filled table's cell (the "53" hours
  // left of such an address); patterns stay.
  const filledTables = new Set([...filled.keys()].map((cell) => cell.sheet));
  const numberOnly = (cell: CellPlace) => NUMBER_ONLY.test(valueOf(cell));
  const kept = candidates.filter((span) => {
    if (span.source !== 'ner') return true;
    const under = cellsUnder(sorted, span);
    if (under.length === 0) return true;
    const onFilled = under.some((cell) => filled.has(cell));
    if (onFilled && under.every((cell) => filled.has(cell) || numberOnly(cell))) return false;
    return !under.every((cell) => numberOnly(cell) && filledTables.has(cell.sheet));
  });
  return [...kept, ...filled.values()];
}
