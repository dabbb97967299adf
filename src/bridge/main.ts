/**
 * `npm run dev:web`: starts the HTTP bridge and prints the URL (with this run's token) to open in
 * a browser. Settings persist in FINREDACT_CONFIG_DIR (default: ~/.config/finredact-bridge).
 */
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { AppBackend } from './appBackend.js';
import { appRoot } from './appVersion.js';
import { forkProcessingHost } from './forkProcessingHost.js';
import { startHttpBridge } from './httpBridge.js';
import { ExtractionCache, FILE_MODE_ONLY, loadCacheKey } from './extractionCache.js';

const program = new Command()
  .name('finredact-bridge')
  .description('Serve the FinRedact UI to a local browser over a token-protected HTTP bridge.')
  .option('--port <n>', 'port on 127.0.0.1 (default: a random free port)', (v) =>
    Number.parseInt(v, 10),
  )
  .option(
    '--config-dir <dir>',
    'where settings are stored',
    process.env.FINREDACT_CONFIG_DIR ?? path.join(os.homedir(), '.config', 'finredact-bridge'),
  )
  .option('--assets <dir>', 'built renderer to serve', path.join(appRoot, 'dist', 'renderer'))
  .parse();

const opts = program.opts<{ port?: number; configDir: string; assets: string }>();
// Processed files are kept so a reload does not read and OCR them again; encrypted, with a key
// that (no OS keychain reaches a browser session) only its owner can read.
const cacheFolder = path.join(opts.configDir, 'cache');
const keyFile = path.join(opts.configDir, 'cache.key');
const cache = new ExtractionCache(cacheFolder, await loadCacheKey(keyFile, FILE_MODE_ONLY));
const backend = new AppBackend({
  launchHost: forkProcessingHost,
  settingsFile: path.join(opts.configDir, 'settings.json'),
  dropFolder: path.join(os.tmpdir(), `finredact-bridge-${process.pid}`, 'dropped'),
  cache,
});
const bridge = await startHttpBridge(backend, opts.assets, opts.port ? { port: opts.port } : {});
console.log(`FinRedact bridge listening on ${bridge.origin}`);
console.log(`Open: ${bridge.url}`);
console.log(
  `Processed files are cached, encrypted (AES-256-GCM), in ${cacheFolder}; the key is ${keyFile}, readable by you only. Files leave the cache when they leave the queue.`,
);

function shutdown(): void {
  void Promise.all([backend.dispose(), bridge.close()]).finally(() => process.exit(0));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
