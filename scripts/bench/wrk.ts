/** Runs wrk (Debian package `wrk`) and reads its summary. */
import { spawn } from 'node:child_process';

export interface WrkResult {
  requestsPerSecond: number;
  /** Answers with a status outside 2xx and 3xx. */
  non2xx: number;
  socketErrors: number;
  /** Median latency in milliseconds. */
  latencyP50Ms: number;
}

function milliseconds(value: string, unit: string): number {
  const n = Number(value);
  switch (unit) {
    case 'us':
      return n / 1000;
    case 'ms':
      return n;
    case 's':
      return n * 1000;
    case 'm':
      return n * 60_000;
    default:
      return Number.NaN;
  }
}

/** Reads wrk's text output (run with --latency). */
export function parseWrk(output: string): WrkResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  if (!rps) throw new Error(`wrk printed no Requests/sec:\n${output}`);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(output);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const p50 = /^\s*50%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(output);
  return {
    requestsPerSecond: Number(rps[1]),
    non2xx: non2xx ? Number(non2xx[1]) : 0,
    socketErrors: socket ? socket.slice(1, 5).reduce((sum, n) => sum + Number(n), 0) : 0,
    latencyP50Ms: p50 ? milliseconds(p50[1]!, p50[2]!) : Number.NaN,
  };
}

export interface WrkRun {
  url: string;
  headers?: Record<string, string>;
  /** A Lua script of wrk's (`-s`): e.g. a POST whose body changes with every request. */
  script?: string;
  connections: number;
  threads: number;
  seconds: number;
}

export function runWrk(run: WrkRun): Promise<WrkResult> {
  const args = [
    '-t',
    String(run.threads),
    '-c',
    String(run.connections),
    '-d',
    `${run.seconds}s`,
    '--latency',
  ];
  if (run.script) args.push('-s', run.script);
  for (const [name, value] of Object.entries(run.headers ?? {})) {
    // wrk adds its own Host unless it sees exactly "Host": two Host headers are a 400 at nginx.
    args.push('-H', `${name.toLowerCase() === 'host' ? 'Host' : name}: ${value}`);
  }
  args.push(run.url);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`wrk ${args.join(' ')} exited ${code}:\n${output}`));
      else {
        try {
          resolve(parseWrk(output));
        } catch (error) {
          reject(error as Error);
        }
      }
    });
  });
}
