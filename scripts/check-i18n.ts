/**
 * Checks the message files against English: same keys, no empty values, same placeholders,
 * and every string translated unless the allow-list below says why English is right. Then the
 * footer pages' texts (`src/features/pages/content/<locale>/<page>.md`): every page in every
 * locale, translated, with the placeholders and headings of English (see checkPageTexts).
 *
 *   node scripts/check-i18n.ts
 *
 * Prints one line per problem and exits 1, or prints
 * `i18n ok: <locales> locales, <keys> keys, <pages> pages`.
 */
import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  checkMessages,
  checkPageTexts,
  loadMessageFiles,
  loadPageTexts,
  type SameAsEnglish,
} from '../src/i18n/check.ts';
import { headingOutline } from '../src/features/pages/markdown.ts';
import { FOOTER_PAGES, PAGE_VARIABLES } from '../src/features/pages/pages.catalog.ts';
import { DEFAULT_LOCALE, LOCALES } from '../src/i18n/locales.ts';

export const LOCALES_DIR = fileURLToPath(new URL('../src/i18n/locales/', import.meta.url));
export const PAGES_DIR = fileURLToPath(new URL('../src/features/pages/content/', import.meta.url));

/** Several keys that keep their English text in the same locales for the same reason. */
function sameReason(keys: readonly string[], rule: Omit<SameAsEnglish, 'key'>): SameAsEnglish[] {
  return keys.map((key) => ({ key, ...rule }));
}

/**
 * Keys whose English text is also the right text in other languages. Keep this short: every
 * entry names the locales it applies to (none named means all) and says why.
 */
export const ALLOW_SAME: readonly SameAsEnglish[] = [
  ...sameReason(
    [
      'console.codes.status',
      'console.staff.status',
      'console.reports.status',
      'console.orders.status',
      'console.support.status',
    ],
    {
      locales: ['da', 'de', 'nb', 'nl', 'pl', 'sv'],
      reason: '"Status" is the same word there',
    },
  ),
  ...sameReason(
    [
      'console.codes.site',
      'console.reports.site',
      'console.orders.site',
      'console.support.site',
      'console.statistics.site',
    ],
    { locales: ['fr', 'nl'], reason: '"Site" is the same word there' },
  ),
  ...sameReason(['console.actions', 'profileview.actions'], {
    locales: ['fr'],
    reason: '"Actions" is the same word in French',
  }),
  {
    key: 'console.nav.menu',
    locales: ['da', 'fr', 'it', 'nl', 'pl'],
    reason: '"Menu" is the same word there',
  },
  ...sameReason(['console.codes.code', 'console.codes.codes'], {
    locales: ['de', 'fr', 'nl'],
    reason: '"Code" is the same word there',
  }),
  { key: 'console.mailings.nav', locales: ['de', 'nl'], reason: '"Mailings" is the word used there' },
  ...sameReason(['console.mailings.send', 'chat.ui.send'], {
    locales: ['da', 'nb'],
    reason: '"Send" is the same word there',
  }),
  { key: 'console.mailings.text', locales: ['de', 'sv'], reason: '"Text" is the same word there' },
  {
    key: 'console.mailings.category_promotions',
    locales: ['fr'],
    reason: '"Promotions" is the same word there',
  },
  // The operator console's words that are the same in these languages.
  { key: 'console.nav.group.moderation', locales: ['de'], reason: '"Moderation" is the same word in German' },
  {
    key: 'console.nav.group.marketing',
    locales: ['de', 'es', 'fr', 'it', 'nl', 'pl'],
    reason: '"Marketing" is the loanword used there',
  },
  { key: 'console.nav.group.hosts', locales: ['de', 'nl'], reason: '"Hosts" is the loanword used there' },
  {
    key: 'console.nav.group.support',
    locales: ['da', 'de', 'nl', 'sv'],
    reason: '"Support" is the loanword used there',
  },
  {
    key: 'console.nav.group.administration',
    locales: ['da', 'fr', 'sv'],
    reason: '"Administration" is the same word there',
  },
  ...sameReason(
    ['console.reports.photos', 'console.nav.photos', 'privacy.data.photos.label', 'profileview.photos'],
    { locales: ['fr'], reason: '"Photos" is the same word in French' },
  ),
  {
    key: 'console.role.moderator',
    locales: ['da', 'nb', 'nl', 'pl', 'sv'],
    reason: '"Moderator" is the same word there',
  },
  {
    key: 'console.role.support',
    locales: ['da', 'de', 'fr', 'nl', 'sv'],
    reason: '"Support" is the word used there',
  },
  { key: 'console.role.host', locales: ['it', 'nl'], reason: '"Host" is the word used there' },
  ...sameReason(['console.orders.credits', 'console.support.credits', 'console.support.adjust_delta'], {
    locales: ['da', 'de', 'nl'],
    reason: '"Credits" is the word used there',
  }),
  { key: 'console.orders.provider', locales: ['nl'], reason: '"Provider" is the word used in Dutch' },
  ...sameReason(['console.support.actions', 'console.support.sessions'], {
    locales: ['fr'],
    reason: 'the same word in French',
  }),
  { key: 'console.support.ledger_kind', locales: ['fr'], reason: '"Cause" is the same word in French' },
  ...sameReason(['console.support.name', 'console.texts.field.name'], {
    locales: ['de'],
    reason: '"Name" is the same word in German',
  }),
  {
    key: 'console.support.premium',
    reason: '"Premium" is the name of the paying membership in every language of the sites',
  },
  { key: 'console.staff.roles', locales: ['es'], reason: '"Roles" is the same word in Spanish' },
  { key: 'console.audit.action', locales: ['fr'], reason: '"Action" is the same word in French' },
  { key: 'console.statistics.total', locales: ['es', 'fr'], reason: '"Total" is the same word there' },
  {
    key: 'console.statistics.figure.activations',
    locales: ['fr'],
    reason: '"Activations" is the same word in French',
  },
  { key: 'console.statistics.period', locales: ['sv'], reason: '"Period" is the same word in Swedish' },
  ...sameReason(['notify.title', 'settings.notifications_title'], {
    locales: ['fr'],
    reason: '"Notifications" is the same word in French',
  }),
  { key: 'console.nav.staff', locales: ['it'], reason: '"Staff" is the word used in Italian' },
  { key: 'console.queue.member', reason: 'a name and an age, the same in every language' },
  { key: 'console.login.password', locales: ['it'], reason: '"Password" is the word used in Italian' },
  ...sameReason(['chat.ui.title', 'membernav.messages'], {
    locales: ['fr'],
    reason: '"Messages" is the same word in French',
  }),
  { key: 'chat.ui.last_image', locales: ['fr'], reason: '"Photo" is the same word in French' },
  ...sameReason(['chat.ui.input_label', 'likes.message'], {
    locales: ['fr'],
    reason: '"Message" is the same word in French',
  }),
  {
    key: 'swipe.stamp_like',
    locales: ['da', 'de', 'nl'],
    reason: '"Like" is the word their dating apps use for it',
  },
  { key: 'chat.ui.gift_cost', locales: ['da', 'nl'], reason: '"credit"/"credits" are the words used there' },
  { key: 'footer.copyright', reason: 'only the © sign and placeholders, nothing to translate' },
  { key: 'fictional.named', reason: 'only placeholders and brackets, nothing to translate' },
  {
    key: 'payments.directdebit.iban',
    reason: '"IBAN" is the international abbreviation every language uses',
  },
  ...sameReason(['payments.orders.credits', 'pricing.credits'], {
    locales: ['nl'],
    reason: 'Dutch dating sites call them "credits" too',
  }),
  { key: 'payments.directdebit.zip', locales: ['nl'], reason: '"Postcode" is the Dutch word as well' },
  { key: 'footer.faq', locales: ['de', 'fr', 'pl'], reason: '"FAQ" is the usual footer label there' },
  {
    key: 'index.online',
    locales: ['da', 'de', 'it', 'nl', 'pl', 'sv'],
    reason: '"Online" is the word used there',
  },
  { key: 'page.email', locales: ['da', 'it', 'nl', 'pl'], reason: '"E-mail" is the native spelling there' },
  {
    key: 'region.region',
    locales: ['da', 'de', 'nb', 'pl', 'sv'],
    reason: '"Region" is the same word there',
  },
  { key: 'region.province', locales: ['fr'], reason: '"Province" is the same word in French' },
  { key: 'region.canton', locales: ['fr'], reason: '"Canton" is the same word in French' },
  { key: 'gender.male', locales: ['nl', 'sv'], reason: '"Man" is the same word there' },
  { key: 'error.title', locales: ['es'], reason: '"Error" is the same word in Spanish' },
  {
    key: 'privacy.data.account.label',
    locales: ['it', 'nl'],
    reason: '"Account" is the usual word for a user account there',
  },
  {
    key: 'privacy.data.messages.label',
    locales: ['fr'],
    reason: '"Conversations" is the same word in French',
  },
  { key: 'credits.title', locales: ['da', 'de', 'nl'], reason: 'the same word names credits there' },
  {
    key: 'credits.bundle_credits',
    locales: ['da', 'nl'],
    reason: '"credits" is the word used there, and the rest is a number',
  },
  { key: 'pricing.per_credit', locales: ['nl'], reason: '"Per credit" is the Dutch wording as well' },
  ...sameReason(['notify.category.like', 'membernav.likes'], {
    locales: ['da', 'de', 'es', 'fr', 'nb', 'nl'],
    reason: '"Likes" is the word dating apps use there',
  }),
  {
    key: 'membernav.credits',
    locales: ['da', 'de', 'nl'],
    reason: 'the product\'s "credits" keep their name there',
  },
  ...sameReason(['signup.password', 'login.password', 'settings.password_title'], {
    locales: ['it'],
    reason: '"Password" is the Italian word for it',
  }),
  { key: 'settings.privacy_title', locales: ['it', 'nl'], reason: '"Privacy" is the usual word there' },
  { key: 'profile.interest.sushi', reason: 'a Japanese word every language uses as is' },
  {
    key: 'profile.interest.bondage',
    locales: ['da', 'de', 'es', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'],
    reason: 'the loanword is the usual term there',
  },
  { key: 'profile.interest.sex', locales: ['da', 'de', 'nb', 'sv'], reason: 'the same word there' },
  {
    key: 'profile.interest.shopping',
    locales: ['da', 'fr', 'it', 'nb', 'sv'],
    reason: 'the loanword is the usual word there',
  },
  {
    key: 'profile.interest.onenightstand',
    locales: ['da', 'nl'],
    reason: 'the English loan is the usual term there',
  },
  { key: 'profile.interest.massages', locales: ['fr', 'nl'], reason: 'the same word there' },
  { key: 'profile.interest.lingerie', locales: ['fr', 'it', 'nl'], reason: 'a French word used as is there' },
  ...sameReason(
    [
      'profile.interest.masturbating',
      'profile.interest.art',
      'profile.interest.bbq',
      'profile.section_photos',
    ],
    { locales: ['fr'], reason: 'the same word in French' },
  ),
  {
    key: 'profile.interest.gangbang',
    locales: ['fr', 'it'],
    reason: 'the English loan is the usual term there',
  },
  {
    key: 'profile.interest.sextoys',
    locales: ['it'],
    reason: 'the English loan is the usual term in Italian',
  },
  { key: 'profile.interest.movies', locales: ['nl'], reason: '"Films" is the Dutch word too' },
  { key: 'profile.interest.sadomasochism', locales: ['sv'], reason: 'the same word in Swedish' },
  { key: 'profile.interest.gym', locales: ['sv'], reason: 'the usual Swedish word' },
  ...sameReason(['profile.interest.tattoos', 'profile.attr.tattoos'], {
    locales: ['de'],
    reason: 'the usual German word',
  }),
  { key: 'profile.relationship_status.single', locales: ['da', 'de', 'it'], reason: 'the usual word there' },
  { key: 'profile.name', locales: ['de'], reason: 'the same word in German' },
  {
    key: 'profile.hair_color.blond',
    locales: ['de', 'fr', 'nb', 'nl', 'pl', 'sv'],
    reason: 'the same word there',
  },
  { key: 'profile.sexuality.gay', locales: ['es', 'fr', 'it', 'sv'], reason: 'the usual word there' },
  { key: 'profile.sexuality.bi', locales: ['es'], reason: 'the same word in Spanish' },
];

/** Runs the check on the real files; returns the lines to print and whether all is well. */
export async function checkI18n(
  dir: string = LOCALES_DIR,
  pagesDir: string = PAGES_DIR,
): Promise<{ ok: boolean; lines: string[] }> {
  const files = await loadMessageFiles(dir, LOCALES);
  const result = checkMessages(files, { source: DEFAULT_LOCALE, allowSame: ALLOW_SAME });
  const known = new Set(LOCALES.map((locale) => `${locale}.json`));
  const strays = (await readdir(dir)).filter((name) => name.endsWith('.json') && !known.has(name)).sort();
  const pages = checkPageTexts(await loadPageTexts(pagesDir, LOCALES), {
    source: DEFAULT_LOCALE,
    pages: FOOTER_PAGES,
    variables: PAGE_VARIABLES,
    outline: headingOutline,
  });
  const problems = [
    ...result.problems,
    ...strays.map((name) => `${name}: not one of the supported locales`),
    ...pages.problems.map((line) => `pages/${line}`),
  ];
  if (problems.length > 0) return { ok: false, lines: problems };
  return {
    ok: true,
    lines: [`i18n ok: ${result.locales} locales, ${result.keys} keys, ${pages.pages} pages`],
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { ok, lines } = await checkI18n();
  for (const line of lines) (ok ? console.log : console.error)(line);
  process.exitCode = ok ? 0 : 1;
}
