import { describe, expect, it } from 'vitest';
import { nginxBinary, useServerBehindNginx } from '../support/nginx.ts';
import { openSse } from '../support/sse.ts';
import { call, shownMember } from './likes-support.ts';

/*
 * The event stream behind the shipped nginx configuration (deploy/nginx/kindred.conf): events
 * and heartbeats pass one by one as they happen, never held in a buffer or compressed.
 */

describe.skipIf(!nginxBinary)(
  `the event stream through nginx${nginxBinary ? '' : ' (skipped: no nginx)'}`,
  () => {
    const app = useServerBehindNginx({ env: { EVENTS_HEARTBEAT_SECONDS: '0.3' } });
    const { upstream } = app;

    it('passes heartbeats and a live event at once, uncompressed', async () => {
      const ann = await shownMember(upstream);
      const bo = await shownMember(upstream);
      const sse = await openSse(`http://127.0.0.1:${app.nginx.port}`, '/api/events.php', {
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
