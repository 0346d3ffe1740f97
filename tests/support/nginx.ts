/**
 * The built server behind the shipped nginx configuration (deploy/nginx/kindred.conf), as in
 * production (TRUST_PROXY=1). Use it inside a `describe.skipIf(!nginxBinary)`.
 */
import { afterAll, beforeAll } from 'vitest';
import {
  findNginx,
  freePortIn,
  NGINX_PORTS,
  startNginx,
  type RunningNginx,
} from '../../scripts/bench/nginx.ts';
import { useServer, type ServerUnderTest, type UseServerOptions } from './use-server.ts';

/** The nginx binary, or undefined where it is not installed. */
export const nginxBinary = findNginx();

export interface ServerBehindNginx {
  readonly upstream: ServerUnderTest;
  /** nginx in front of it (read in hooks and tests, after `beforeAll` ran). */
  readonly nginx: RunningNginx;
}

export function useServerBehindNginx(
  options: Omit<UseServerOptions, 'trustProxy' | 'env'> & { env?: Record<string, string> } = {},
): ServerBehindNginx {
  // nginx's port is chosen before the app starts: the app writes it into its links.
  let port: number;
  let nginx: RunningNginx | undefined;
  const upstream = useServer({
    ...options,
    trustProxy: true,
    env: async () => {
      port = await freePortIn(NGINX_PORTS);
      return { ...options.env, PUBLIC_PORT: String(port) };
    },
  });
  beforeAll(async () => {
    nginx = await startNginx({ port, upstreamPorts: [upstream.server.port], workerProcesses: 1 });
  });
  afterAll(async () => {
    await nginx?.stop();
  });
  return {
    upstream,
    get nginx() {
      if (!nginx)
        throw new Error('useServerBehindNginx: no nginx (read it in a hook or a test, after beforeAll)');
      return nginx;
    },
  };
}
