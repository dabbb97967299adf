/** A mistake in how the tool was called (bad option, output folder among the inputs): exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
