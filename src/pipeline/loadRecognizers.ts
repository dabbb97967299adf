/**
 * A recognizers file for a run: read, checked (a UsageError naming file, line and problem) and
 * its types registered in this process, so `--types` and every output know them.
 */
import type { UserRecognizerConfig } from '../domain/userRecognizers.js';

export async function loadRecognizers(path: string): Promise<UserRecognizerConfig> {
  // The YAML parser loads only for a run that has a recognizers file.
  const [{ loadRecognizersFile }, { registerUserTypes }] = await Promise.all([
    import('../detect/recognizersFile.js'),
    import('../detect/userPatterns.js'),
  ]);
  const config = await loadRecognizersFile(path);
  registerUserTypes(config);
  return config;
}
