/**
 * A Redis server for the queue tests: Debian's redis-server on a free loopback port, its data
 * (append-only file on) in a temporary folder, stopped and removed after. `available` is false,
 * with the reason, where redis-server is not installed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const redisAvailable = spawnSync('redis-server', ['--version']).status === 0;
export const REDIS_MISSING =
  'redis-server is not installed (Debian: apt-get install redis-server); the queue tests need it';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1', () => {
      socket.write('PING\r\n');
      socket.once('data', (d) => {
        socket.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
    });
  });
}

export class RedisServer {
  private process: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  /** On `port` if given (a port a test already pointed something at), else a free one. */
  static async start(port?: number): Promise<RedisServer> {
    const server = new RedisServer(
      port ?? (await freePort()),
      await mkdtemp(join(tmpdir(), 'finredact-redis-')),
    );
    await server.launch();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  private async launch(): Promise<void> {
    this.process = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--appendonly',
        'yes',
        // Every write on disk before it is acknowledged: a SIGKILL then loses nothing, so a test
        // that kills Redis checks our recovery, not Redis's fsync timing.
        '--appendfsync',
        'always',
        '--save',
        '',
      ],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 100; i++) {
      if (await answers(this.port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server did not start on port ${this.port}`);
  }

  /** Stops the server (its append-only file keeps the data); SIGKILL: no shutdown at all. */
  async stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    const p = this.process;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve());
      p.kill(signal);
    });
  }

  /** Starts a stopped server again on its port, with its data. */
  async resume(): Promise<void> {
    await this.launch();
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.launch();
  }

  async remove(): Promise<void> {
    await this.stop();
    await rm(this.dir, { recursive: true, force: true });
  }
}
