import { LOCALES } from '../../i18n/locales.ts';
import { z } from '../../lib/zod.ts';
import type { Campaign } from './notification-mail.mail.ts';

const text = z.strictObject({
  /** The e-mail's subject. */
  subject: z.string().trim().min(1).max(200),
  /** The paragraphs of the e-mail, as plain text. */
  paragraphs: z.array(z.string().trim().min(1).max(2000)).min(1).max(20),
  /** A path on the site the button opens (`/credits`); the site's start page when absent. */
  link: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*$/)
    .optional(),
});

/**
 * An operator's promotion or news as a file (`npm run mail -- send-news --file …`): an id that
 * keeps a second run from mailing anyone twice, and the words per language.
 */
export const campaignSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
  texts: z.partialRecord(z.enum(LOCALES), text).refine((texts) => Object.keys(texts).length > 0, {
    message: 'a text in at least one language',
  }),
});

export function campaignFrom(input: unknown, category: Campaign['category']): Campaign {
  const parsed = campaignSchema.parse(input);
  return { id: parsed.id, category, texts: parsed.texts };
}
