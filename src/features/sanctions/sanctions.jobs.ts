import type { Job, JobContext } from '../../server/jobs/index.ts';
import { dueStatements, updateDecision } from './sanctions.repository.ts';
import { statementOf } from './sanctions.service.ts';
import { dsaStatement } from './sanctions.statement.ts';

/*
 * Statements of reasons to the DSA Transparency Database (Art. 24(5)), when DSA_API_URL and
 * DSA_API_TOKEN are set: each decision once, retried with a growing wait when the database
 * does not take it, and given up (`failed`, shown in the console) after a day of tries.
 */

const MINUTE = 60_000;
export const DSA_MAX_ATTEMPTS = 8;

export async function sendStatements(ctx: Pick<JobContext, 'db' | 'clock' | 'log' | 'env'>): Promise<void> {
  const { DSA_API_URL: url, DSA_API_TOKEN: token } = ctx.env;
  if (!url || !token) return;
  const now = ctx.clock.now();
  for (const row of await dueStatements(ctx.db, now, 50)) {
    let ok = false;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(dsaStatement(statementOf(row))),
        signal: AbortSignal.timeout(15_000),
      });
      // 422 with "puid already used": the database has it from an earlier try.
      ok = response.ok || (response.status === 422 && /puid/i.test(await response.text()));
    } catch (error) {
      ctx.log.warn('sanctions: transparency database unreachable', { error: String(error) });
    }
    const attempts = Number(row.dsa_attempts) + 1;
    await updateDecision(ctx.db, row.network_id, row.id, {
      dsa_status: ok ? 'sent' : attempts >= DSA_MAX_ATTEMPTS ? 'failed' : 'pending',
      dsa_attempts: attempts,
      dsa_next_at: ok ? null : now + MINUTE * 2 ** attempts,
    });
  }
}

export const sanctionsJobs: readonly Job[] = [{ name: 'sanctions.dsa-statements', run: sendStatements }];
