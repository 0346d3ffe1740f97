import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../../lib/clock.ts';

export interface SmsMessage {
  /** E.164 (`+4915112345678`). */
  to: string;
  text: string;
}

/**
 * Sends text messages. The embedded default writes each one to `DATA_DIR/outbox` as a `.sms`
 * file beside the e-mails (`To:` line, blank line, text), so a developer or a test reads the
 * code a member would get; a gateway's adapter plugs in here with the same interface.
 */
export interface SmsSender {
  readonly kind: 'outbox';
  send(message: SmsMessage): Promise<{ file?: string }>;
}

export function createSmsSender(dataDir: string, clock: Clock): SmsSender {
  const outbox = join(dataDir, 'outbox');
  return {
    kind: 'outbox',
    async send(message) {
      mkdirSync(outbox, { recursive: true });
      const stamp = new Date(clock.now()).toISOString().replace(/[:.]/g, '-');
      const file = join(outbox, `${stamp}-${randomBytes(6).toString('hex')}.sms`);
      writeFileSync(file, `To: ${message.to}\n\n${message.text}\n`);
      return { file };
    },
  };
}
