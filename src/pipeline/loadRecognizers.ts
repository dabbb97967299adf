/**
 * A recognizers file for a run: read, checked (a UsageError naming file, line and problem) and
 * its types registered in this process, so `--types` and every output know them.
 */
import { loadRecognizersFile, registerUserTypes } from '../detect/recognizersFile.js';
import type { UserRecognizerConfig } from '../domain/userRecognizers.js';

export async function loadRecognizers(path: string): Promise<UserRecognizerConfig> {
  const config = await loadRecognizersFile(path);
  registerUserTypes(config);
  return config;
}
