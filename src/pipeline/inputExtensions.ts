import { SUPPORTED_EXTENSIONS } from '../extract/fileType.js';

/**
 * Every extension a run takes, without its dot: the formats read, and .zip, whose files join the
 * batch. The app's file dialog offers exactly these, so a format the CLI reads is never one the
 * dialog hides (it once lacked .html, .odt and .rtf).
 */
export const INPUT_EXTENSIONS: readonly string[] = [
  ...SUPPORTED_EXTENSIONS.map((e) => e.slice(1)),
  'zip',
];
