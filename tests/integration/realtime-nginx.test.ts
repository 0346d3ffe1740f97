import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findNginx,
  freePortIn,
  NGINX_PORTS,
  startNginx,
  type RunningNginx,
} from '../../scripts/bench/nginx.ts';
import { openSse } from '../support/sse.ts';
import { useServer } from '../support/use-server.ts';
import { call, shownMember } from './likes-support.ts';

/*
 * The event stream behind the shipped nginx configuration (deploy/nginx/kindred.conf): events
 * and heartbeats pass one by one as they happen, never held in a buffer or compressed.
 */

const nginxBinary = findNginx();

describe.skipIf(!nginxBinary)(
  `the event stream through nginx${nginxBinary ? '' : ' (skipped: no nginx)'}`,
  () => {
    let port: number;
    const upstream = useServer({
      trustProxy: true,
      env: async () => {
        port = await freePortIn(NGINX_PORTS);
        return { PUBLIC_PORT: String(port), EVENTS_HEARTBEAT_SECONDS: '0.3' };
      },
    });
    let nginx: RunningNginx;

    beforeAll(async () => {
      nginx = await startNginx({ port, upstreamPorts: [upstream.server.port], workerProcesses: 1 });
    });
    afterAll(async () => {
      await nginx?.stop();
    });

    it('passes heartbeats and a live event at once, uncompressed', async () => {
      const ann = await shownMember(upstream);
      const bo = await shownMember(upstream);
      const sse = await openSse(`http://127.0.0.1:${nginx.port}`, '/api/events.php', {
        host: 'localhost',
        cookie: bo.cookie,
      });
      try {
        expect(sse.status).toBe(200);
        expect(sse.headers['content-type']).toMatch(/^text\/event-stream/);
        expect(sse.headers['content-encoding']).toBeUndefined();
        // Buffered, the heartbeats would arrive together at the end, not within a second.
        await sse.waitFor((_e, comments) => comments.filter((c) => c === 'heartbeat').length >= 2, 2_000);
        const sent = Date.now();
        await call(upstream, ann, 'POST', '/api/like.php', { profile: bo.profileId });
        await sse.waitFor((events) => events.some((e) => e.event === 'like'), 2_000);
        expect(Date.now() - sent).toBeLessThan(1_000);
      } finally {
        sse.close();
      }
    });
  },
);
