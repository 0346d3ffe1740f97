import type { Job, JobContext } from '../../server/jobs/index.ts';
import { campaignReach, mailJobContext, sendCampaignBatch } from '../notification-mail/index.ts';
import { finishMailing, recordMailingProgress, unfinishedMailings } from './codes.repository.ts';
import { mailingCampaign } from './codes.service.ts';

/*
 * The console's mailings are sent here, not within the request that asks for it: batch by batch
 * through the notification e-mails' campaign path (consent, unsubscribe link, one e-mail per member
 * and campaign). After each batch the mailing keeps the last member reached and the count mailed,
 * so a run that stops (a crash, a lost lease) is taken up at that member by the next; the mail log
 * keeps a member the batch had reached already from a second e-mail.
 */

/** Members per batch: one batch's progress is what a crash can make the next run look at again. */
export const MAILING_BATCH = 200;

export async function sendQueuedMailings(ctx: JobContext, batch = MAILING_BATCH): Promise<void> {
  const mail = mailJobContext(ctx);
  for (const row of await unfinishedMailings(ctx.db, 20)) {
    const site = mail.site(row.site_id);
    // A site no longer served keeps its mailing queued until it is back.
    if (!site) continue;
    const campaign = mailingCampaign(row);
    let after = row.send_cursor ?? '';
    for (;;) {
      if (ctx.signal.aborted) return;
      const { last } = await sendCampaignBatch(mail, site, campaign, after, batch);
      // Counted from the mail log: a batch cut short before is counted whole all the same.
      const sent = await campaignReach(ctx.db, site.network, campaign);
      if (last === null) {
        await finishMailing(ctx.db, row.id, sent, ctx.clock.now());
        break;
      }
      await recordMailingProgress(ctx.db, row.id, last, sent);
      after = last;
    }
  }
}

export const codesJobs: readonly Job[] = [{ name: 'codes.mailings', run: (ctx) => sendQueuedMailings(ctx) }];
