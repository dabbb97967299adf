/** The outputs could not be written (folder not writable, disk full): the run failed as a whole. */
export class OutputWriteError extends Error {
  override readonly name = 'OutputWriteError';
}
