/** Something the caller asked for does not exist (a job of an earlier session, an unprocessed file). */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
}
