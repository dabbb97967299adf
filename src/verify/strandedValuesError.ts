/**
 * Detected values a copy still holds. The message never names them (it ends up in logs and
 * workbooks); `values` lets the caller add their occurrences to the document and build again.
 * A module of its own: the rebuild loop every copy runs tells this error apart without loading
 * the zip reader that finds such values in Office copies.
 */
export class StrandedValuesError extends Error {
  constructor(
    readonly values: readonly string[],
    message: string,
  ) {
    super(message);
  }
}
