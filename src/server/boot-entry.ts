/**
 * Imported first by the built server entry (see astro.config.mjs): the server validates its
 * configuration, opens and migrates the database before it listens, and a bad tenant file stops
 * the start with the file, the field and the reason.
 */
import { ConfigError } from '../tenancy/registry.ts';
import { getPlatform } from './platform.ts';

try {
  await getPlatform();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`The server cannot start: the configuration has errors:\n${error.message}\n`);
  } else {
    process.stderr.write(`The server cannot start: ${(error as Error).message}\n`);
  }
  process.exit(1);
}

/**
 * Whether the built entry starts its server (see serve.ts). The adapter's own server stays off:
 * ours wraps its handler. `ASTRO_NODE_AUTOSTART=disabled` still means "import only".
 */
export const autostart = process.env.ASTRO_NODE_AUTOSTART !== 'disabled';
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
