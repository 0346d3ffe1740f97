import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';

/*
 * HTTP written and read byte for byte, for comparing two answers to the same call down to the
 * order of their headers, and for counting which of them the server's API gateway gave.
 */

export interface RawAnswer {
  /** Status line and headers as sent, the Date header left out. */
  head: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A request's line and headers as written on the wire, ending with the blank line. */
export function rawHead(requestLine: string, headers: Record<string, string>): string {
  return `${requestLine}\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n')}\r\n\r\n`;
}

/** One request written byte for byte on a connection of its own; the answer's bytes, once the server closes. */
export function rawExchange(port: number, request: Buffer | string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy(new Error('no answer within 15 s')));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks)));
  });
}

function dechunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** An answer's bytes read as a client would: chunks joined, gzip undone. */
export function parseRawAnswer(bytes: Buffer): RawAnswer {
  const end = bytes.indexOf('\r\n\r\n');
  const headText = bytes.subarray(0, end).toString('latin1');
  const lines = headText.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = bytes.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
  if (headers['content-encoding'] === 'gzip') body = gunzipSync(body);
  return {
    head: lines.filter((line) => !/^date:/i.test(line)).join('\r\n'),
    status: Number(lines[0]!.split(' ')[1]),
    headers,
    body: body.toString('utf8'),
  };
}

/**
 * The gateway's answers as the server's output counts them (with `KINDRED_COUNT_SQL` set, it
 * writes one line `line` matches per answer).
 */
export function gatewayCounter(output: () => string, line: RegExp) {
  const answers = () => [...output().matchAll(line)].length;
  return {
    answers,
    /** Waits until the output has said `count` answers (it may follow the answer). */
    async answered(count: number): Promise<number> {
      for (let waited = 0; answers() < count && waited < 5_000; waited += 20)
        await new Promise((r) => setTimeout(r, 20));
      return answers();
    },
  };
}
