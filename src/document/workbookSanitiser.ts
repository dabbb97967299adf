/**
 * What a redacted workbook keeps: the cells FinRedact reads (values, sheet names, notes,
 * properties, headers and footers — each redacted) and their layout. Everything else a workbook
 * can carry that the walk does not read is dropped, the way Office's Document Inspector and
 * Acrobat's Sanitize drop hidden content: formulas (their text may name what the cached value
 * does not; the value stays), hyperlink targets and tooltips, data-validation lists, prompts and
 * messages, conditional-formatting rules, defined names, literal text in number formats (Excel
 * shows it beside the number), pictures, and charts and macros (exceljs never writes them). The list of what
 * was dropped is said in a warning, so the reader of Results knows the copy is not the whole file.
 */
import type ExcelJS from 'exceljs';

interface Count {
  what: string;
  n: number;
}

/** `"Paid by "0.00` → `0.00`: quoted and backslash-escaped literals out, the number format kept. */
export function numberFormatWithoutText(format: string): string {
  return format.replace(/"[^"]*"/g, '').replace(/\\./g, '');
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Drops from `workbook` what the redacted copy must not keep; returns what it dropped, in words. */
export function sanitiseWorkbook(
  workbook: ExcelJS.Workbook,
  unread: { readonly charts: number; readonly macros: boolean; readonly embedded: number },
): string[] {
  const counts: Record<string, Count> = {
    formulas: { what: 'formula', n: 0 },
    links: { what: 'hyperlink target', n: 0 },
    validations: { what: 'data-validation rule', n: 0 },
    conditional: { what: 'conditional-formatting rule', n: 0 },
    formats: { what: 'number format with literal text', n: 0 },
    pictures: { what: 'picture', n: 0 },
  };
  workbook.eachSheet((ws) => {
    ws.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        const value = cell.value as unknown;
        if (value && typeof value === 'object') {
          if ('formula' in value || 'sharedFormula' in value) {
            counts.formulas!.n++;
            const result = (value as { result?: unknown }).result;
            cell.value = (
              result === undefined || (typeof result === 'object' && result !== null)
                ? cell.text
                : result
            ) as ExcelJS.CellValue;
          } else if ('hyperlink' in value) {
            counts.links!.n++;
            cell.value = cell.text;
          }
        }
        const format = cell.numFmt;
        if (typeof format === 'string' && /["\\]/.test(format)) {
          const plain = numberFormatWithoutText(format);
          if (plain !== format) {
            counts.formats!.n++;
            cell.numFmt = plain;
          }
        }
      });
    });
    // Not in exceljs's typings, but in its model: what it would write back.
    const inner = ws as unknown as {
      dataValidations?: { model: Record<string, unknown> };
      conditionalFormattings?: unknown[];
      _media?: unknown[];
    };
    if (inner.dataValidations) {
      counts.validations!.n += Object.keys(inner.dataValidations.model ?? {}).length;
      inner.dataValidations.model = {};
    }
    counts.conditional!.n += inner.conditionalFormattings?.length ?? 0;
    inner.conditionalFormattings = [];
    counts.pictures!.n += inner._media?.length ?? 0;
    inner._media = [];
  });
  const names = workbook.definedNames as unknown as { model: unknown[] };
  const definedNames = names.model?.length ?? 0;
  if (definedNames > 0) names.model = [];
  const removed = Object.values(counts)
    .filter((c) => c.n > 0)
    .map((c) => plural(c.n, c.what));
  if (definedNames > 0) removed.push(plural(definedNames, 'defined name'));
  if (unread.charts > 0) removed.push(plural(unread.charts, 'chart'));
  if (unread.macros) removed.push('macros');
  // Those FinRedact reads are redacted as files of their own (pipeline/containers/embeddedInputs).
  if (unread.embedded > 0)
    removed.push(
      `${plural(unread.embedded, 'embedded file')} (those FinRedact reads are redacted as files of their own)`,
    );
  return removed;
}
