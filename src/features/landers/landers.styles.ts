import type { Lander } from './landers.catalog.ts';

/**
 * The stylesheet each lander carries inline: the theme's lean entry (`themes/<id>/lander.scss`)
 * with the rules its page never uses dropped at build (scripts/build/lander-styles.ts). A lander
 * is the first page a visitor from an ad sees, on a phone: ~100 KB of inline CSS cost it
 * 270–350 ms of blocking time, a lander's own rules fit in a fifth of that.
 *
 * What a page uses is read from its components: the entries below and every component, island
 * and browser script they import, followed through the source (a design other than the page's
 * own is never followed: `LanderPage.astro` imports all nine). What the source cannot show goes
 * in a safelist: classes built from a variable, and classes set by code that runs outside the
 * import graph. The index is its niche's default lander and carries that lander's sheet.
 *
 * Plain data, read by the build (Node) and the server: no import beyond types.
 */

/**
 * A page whose inline stylesheet is cut to what it uses: each lander, each lander as a niche's
 * index (`gallery-home`: the full navigation above it), and a member's own lander.
 */
export type LanderSheet = Lander | `${Lander}-home` | 'profile';

/** The component of each lander design (`LanderPage.astro` chooses among them). */
export const LANDER_DESIGNS: Record<Lander, string> = {
  alonetonight: 'AloneTonight.astro',
  collagelanding: 'Collage.astro',
  gallery: 'Gallery.astro',
  iconslanding: 'Icons.astro',
  maplanding: 'MapLander.astro',
  socialnetwork: 'SocialFeed.astro',
  transitionsvideolanding: 'Transitions.astro',
  video: 'VideoLander.astro',
  tinderswipe: 'TinderSwipe.astro',
};

/** Where the designs live: a design is read only for its own lander. */
export const DESIGNS_DIR = 'src/features/landers/components/designs';

/**
 * Code that brings its stylesheet when it loads or opens: the walk stops there, so its rules stay
 * out of the inline sheet. The signup modal (one file, loaded on the first click on a signup link)
 * links, before it renders, the lander's sheet with the modal's rules added (the lander's own
 * rules again, in the lean entry's order, so that the cascade is the whole entry's), right after
 * the inline sheet. The like modal (a `<dialog>` rendered only for URLs with `t`, opened after
 * `t` seconds) links the same sheet, which has its rules too, once the page has loaded.
 */
export const ON_DEMAND = [
  'src/features/accounts/signup-on-demand/standalone.tsx',
  'src/features/page-behaviours/components/LikeModal.astro',
];

/**
 * Islands a lander renders only for a logged-in member (the member navigation on the index, the
 * like modal's live part). A
 * member gets the whole lean entry on every page (members are never cached, and their pages are
 * not the ones a phone opens from an ad), so the walk skips them.
 */
export const MEMBER_ONLY = [
  'src/features/shell/components/MemberNav.tsx',
  'src/features/credits/components/TimeBonusModal.tsx',
  'src/features/likes/components/AutoLikeModal.tsx',
];

/**
 * What only the index renders (the full navigation): the language menu, ~2 KB of dropdown rules
 * that a lander under the logo-only bar would carry for nothing. The walk skips it but for the
 * `-home` sheets.
 */
export const HOME_ONLY = ['src/features/shell/components/LanguageSwitcher.astro'];

/** What every lander renders around its content: the layout (navigation, footer, entry warning,
 * signup modal and its on-demand island, page behaviours such as the like modal). */
const LAYOUT = 'src/layouts/Lander.astro';

export interface LanderSheetSource {
  /** Components read for class names, with everything they import (paths from the repository root). */
  entries: string[];
  /** Selectors kept whether or not the source names them (PurgeCSS's safelist). */
  safelist: { standard: RegExp[]; deep: RegExp[]; greedy: RegExp[] };
}

/**
 * Kept on every lander. The source names most of these already (the state classes are written
 * in the islands and scripts that set them); they are listed so that a rewrite that builds them
 * from a variable does not drop them silently:
 * - `show`, `active`, `disabled`: the language menu's open list and current language, links;
 * - the loading bar's `is-loading` (page-behaviours.inline.ts);
 * - `visually-hidden-focusable`, the skip link's class, which only shows on focus.
 */
const COMMON: LanderSheetSource['safelist'] = {
  standard: [/^(show|active|disabled)$/, /^is-loading$/, /^visually-hidden(-focusable)?$/],
  deep: [],
  greedy: [],
};

/**
 * Bootstrap's states that only the signup modal sets (its island loads on demand with the sheet
 * made with `withSignup`): transitions, the modal's backdrop and static state, the form's
 * validation. The entry warning and the like modal are `<dialog>` elements and set none of them,
 * so the inline sheet leaves them out.
 */
const SIGNUP: RegExp[] = [
  /^(fade|collapsing|showing|hiding)$/,
  /^modal-(open|static|backdrop)$/,
  /^(is-invalid|is-valid|was-validated|invalid-feedback|valid-feedback)$/,
];

/**
 * What a lander's own scripts set. (Classes a template builds from a variable, such as
 * `profile-${variant}`, need no entry: every class with the written prefix is kept.)
 */
const OWN: Partial<Record<Lander | 'profile', RegExp[]>> = {
  // The swipe deck (client/swipe-deck.ts) marks each card as it goes and the deck when done.
  tinderswipe: [/^is-(dragging|gone|liked|passed|done)$/],
};

const LANDERS = Object.keys(LANDER_DESIGNS) as Lander[];

export const LANDER_SHEETS: readonly LanderSheet[] = [
  ...LANDERS,
  ...LANDERS.map((lander) => `${lander}-home` as const),
  'profile',
];

/** The sheet of a lander's page: the index carries its own, with the full navigation's rules. */
export function landerSheet(lander: Lander, home: boolean): LanderSheet {
  return home ? `${lander}-home` : lander;
}

/** Whether a sheet is an index's (the full navigation). */
export const isHomeSheet = (sheet: LanderSheet): boolean => sheet.endsWith('-home');

/** The components and safelist of one lander's stylesheet; `withSignup` adds the signup modal. */
export function landerSheetSource(sheet: LanderSheet, withSignup = false): LanderSheetSource {
  const lander = sheet.replace(/-home$/, '') as Lander | 'profile';
  const entries = [
    ...(lander === 'profile'
      ? [LAYOUT, 'src/features/landers/components/ProfileLander.astro']
      : [
          LAYOUT,
          'src/features/landers/components/LanderPage.astro',
          `${DESIGNS_DIR}/${LANDER_DESIGNS[lander]}`,
        ]),
    ...(withSignup ? ON_DEMAND : []),
  ];
  return {
    entries,
    safelist: {
      ...COMMON,
      standard: [...COMMON.standard, ...(withSignup ? SIGNUP : []), ...(OWN[lander] ?? [])],
    },
  };
}
