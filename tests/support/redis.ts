import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './server.ts';

/*
 * A Redis for tests: the one at 127.0.0.1:6379 when it answers (this machine and CI), else a
 * `redis-server` of our own on a free port, kept in memory and stopped after.
 */

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function withRedis(): Promise<TestRedis> {
  if (await answers(6379)) return { url: 'redis://127.0.0.1:6379', stop: async () => {} };
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 50 && !(await answers(port)); i++) await new Promise((r) => setTimeout(r, 100));
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
    },
  };
}
