import type { APIRoute } from 'astro';
import { benchBody } from './_filler';

/**
 * The benchmark's reference for JSON calls (scripts/bench/): an endpoint with no data and no
 * work, answering a JSON body of exactly as many bytes as `?bytes=` asks (a member call's size),
 * so a member's API call can be compared with the framework's own on the same server. Exists
 * only while the server runs with KINDRED_BENCH=1, like bench/bare.astro; otherwise it is the
 * ordinary 404.
 */
export const GET: APIRoute = (context) => {
  const body = benchBody(context.url, '{"filler":"', '"}', 1024);
  if (body === null) return context.rewrite('/404');
  return new Response(body, {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
};
