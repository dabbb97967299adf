/**
 * The lines of a structured export's fields as the markup reader writes them, each element's
 * value after its name ("StreetName: 14 Harbour Road"): where one of `fields` names the line, the
 * value's bounds. Element names match in any case (OFX writes ADDR1, an export may write Street).
 */
export interface FieldValue {
  readonly start: number;
  readonly end: number;
  readonly value: string;
}

export function fieldLines(fields: readonly string[]): (text: string) => FieldValue[] {
  const lines = new RegExp(
    String.raw`^[ \t]*(?:${fields.join('|')})[ \t]*:[ \t]*(?<value>[^\n\r]*?)[ \t]*\r?$`,
    'gimd',
  );
  return (text) =>
    [...text.matchAll(lines)].flatMap((m) => {
      const at = m.indices?.groups?.value;
      return at && at[1] > at[0] ? [{ start: at[0], end: at[1], value: m.groups!.value! }] : [];
    });
}
