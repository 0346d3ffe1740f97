/**
 * The realtime benchmark's floor: `node:http` holding event streams and writing each sent event
 * to all of them, no framework, no database. Run as its own process, like the app.
 *
 *   node scripts/bench/raw-sse-server.ts <port>
 *
 * `GET /events` opens a stream; `POST /send` (a small JSON body) is written to every stream as
 * one `like` event and answered 204.
 */
import http from 'node:http';

const port = Number(process.argv[2]);
if (!port) {
  process.stderr.write('usage: node scripts/bench/raw-sse-server.ts <port>\n');
  process.exit(2);
}
const streams = new Set<http.ServerResponse>();
let nextId = 1;
http
  .createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
      res.write('retry: 3000\n: open\n\n');
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const text = `id: ${nextId++}\nevent: like\ndata: ${body}\n\n`;
      for (const stream of streams) stream.write(text);
      res.writeHead(204).end();
    });
  })
  .listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
