import { createServer } from 'node:net';

/** Whether nothing listens on `port` of 127.0.0.1 yet. */
export async function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
  });
}

/** A free port of `range`, starting at a random place so parallel runs rarely collide. */
export async function freePortIn(range: { first: number; last: number }): Promise<number> {
  const size = range.last - range.first + 1;
  const start = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i++) {
    const port = range.first + ((start + i) % size);
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port in ${range.first}–${range.last}`);
}
