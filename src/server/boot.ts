/**
 * The built server validates its configuration, opens and migrates the database before it
 * listens (src/app/server.ts awaits this first), and a bad tenant file stops the start with the
 * file, the field and the reason.
 */
import { ConfigError } from '../tenancy/registry.ts';
import { getPlatform, type Platform } from './platform.ts';

export async function bootOrExit(): Promise<Platform> {
  try {
    return await getPlatform();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`The server cannot start: the configuration has errors:\n${error.message}\n`);
    } else {
      process.stderr.write(`The server cannot start: ${(error as Error).message}\n`);
    }
    process.exit(1);
  }
}
