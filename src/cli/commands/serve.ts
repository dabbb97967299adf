/**
 * `finredact serve`: the REST service (src/service). The model is loaded once at start; each
 * request is answered with the options given here.
 */
import { Command, Option } from 'commander';
import { UsageError } from '../../domain/usageError.js';
import { entityTypes } from '../../domain/entityTypes.js';
import { OUTPUT_FORMATS } from '../../domain/fileResult.js';
import { createRunDetector } from '../../pipeline/createRunDetector.js';
import { DEFAULT_REDACT_OPTIONS, type RedactOptions } from '../../pipeline/redactOptions.js';
import { isLoopback } from '../../shared/hostHeader.js';
import { parseIntegerOption } from '../parseRedactArgs.js';
import { EXIT_USAGE, type CliStreams } from './redact.js';

interface ServeFlags {
  port: number;
  host: string;
  token?: string;
  ner?: boolean;
  maxTextMb: number;
  maxFileMb: number;
}

const SERVE_HELP = `
Paths: GET /health, GET /openapi.json (the full description), POST /analyze and POST /anonymize
(JSON {"text": "…", "types"?: [...], "placeholders"?: "numbered", "seed"?: 1}), POST /redact?name=FILE
(the file's bytes as application/octet-stream → its spans, anonymised text and redacted copy).
Bound to 127.0.0.1 by default. --host 0.0.0.0 (or any other address) needs --token or the
FINREDACT_TOKEN environment variable; with a token every path but /health needs the header
"Authorization: Bearer <token>". Nothing is written to disk but a scratch folder per /redact
request, removed when it is answered.

Examples:
  $ finredact serve --port 8080
  $ curl -s localhost:8080/analyze -H 'content-type: application/json' -d '{"text":"Call 415-555-0134"}'
  $ curl -s --data-binary @invoice.pdf 'localhost:8080/redact?name=invoice.pdf'`;

export function registerServeCommand(
  program: Command,
  streams: CliStreams,
  setExitCode: (code: number) => void,
): void {
  program
    .command('serve')
    .description('a local REST API: /analyze, /anonymize, /redact, /health, /openapi.json')
    .option('-p, --port <n>', 'port (0: any free port)', parseIntegerOption(0, 65535), 8080)
    .option('--host <address>', 'address to bind', '127.0.0.1')
    .option(
      '--token <token>',
      'require "Authorization: Bearer <token>" (default: $FINREDACT_TOKEN)',
    )
    .option('--ner', 'require the NER model (error if it is missing)')
    .option('--no-ner', 'patterns only: do not run the NER model')
    .addOption(
      new Option('--max-text-mb <n>', 'largest JSON body of /analyze and /anonymize')
        .argParser(parseIntegerOption(1, 1024))
        .default(5),
    )
    .addOption(
      new Option('--max-file-mb <n>', 'largest file for /redact')
        .argParser(parseIntegerOption(1, 4096))
        .default(100),
    )
    .addHelpText('after', SERVE_HELP)
    .action(async (flags: ServeFlags) => {
      const token = flags.token ?? process.env.FINREDACT_TOKEN;
      if (!isLoopback(flags.host) && !token) {
        streams.stderr.write(
          `finredact: error: --host ${flags.host} makes the service reachable from other machines; give --token (or FINREDACT_TOKEN) so only callers with it are answered\n`,
        );
        setExitCode(EXIT_USAGE);
        return;
      }
      const options: RedactOptions = {
        ...DEFAULT_REDACT_OPTIONS,
        types: entityTypes.list(),
        formats: OUTPUT_FORMATS,
        ner: flags.ner ?? true,
        nerRequired: flags.ner === true,
        // Pages read back by OCR: a redacted copy leaves only when nothing detected is readable.
        verify: 'pixels',
      };
      let detector;
      try {
        detector = await createRunDetector(options, (m) => streams.stderr.write(`${m}\n`));
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        streams.stderr.write(`finredact: error: ${error.message}\n`);
        setExitCode(EXIT_USAGE);
        return;
      }
      // The service's modules are imported when it starts, not with every command.
      const { createService } = await import('../../service/restServer.js');
      const server = createService({
        host: flags.host,
        port: flags.port,
        ...(token ? { token } : {}),
        maxTextBytes: flags.maxTextMb * 1024 * 1024,
        maxFileBytes: flags.maxFileMb * 1024 * 1024,
        version: program.version() ?? '0.0.0',
        options,
        detector,
      });
      await new Promise<void>((resolveListen, reject) => {
        server.once('error', reject);
        server.listen(flags.port, flags.host, () => resolveListen());
      }).catch((error: NodeJS.ErrnoException) => {
        throw new UsageError(
          `cannot listen on ${flags.host}:${flags.port} (${error.code ?? error.message})`,
        );
      });
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : flags.port;
      streams.stdout.write(`listening on http://${flags.host}:${port} (GET /openapi.json)\n`);
      await new Promise<void>((resolveStop) => {
        const stop = () => server.close(() => resolveStop());
        process.once('SIGTERM', stop);
        process.once('SIGINT', stop);
      });
      await detector.close?.();
    });
}
