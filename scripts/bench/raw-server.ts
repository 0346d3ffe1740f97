/**
 * The benchmark's floor for Node: `node:http` answering every request with the same bytes, no
 * framework. Run as its own process so that it competes for the CPU like the app does.
 *
 *   node scripts/bench/raw-server.ts <port> <file>
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [portArg, file] = process.argv.slice(2);
if (!portArg || !file) {
  process.stderr.write('usage: node scripts/bench/raw-server.ts <port> <file>\n');
  process.exit(2);
}
const body = readFileSync(file);
const headers = { 'content-type': 'text/html; charset=utf-8', 'content-length': String(body.length) };
http
  .createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  })
  .listen(Number(portArg), '127.0.0.1', () => process.stdout.write('listening\n'));
