import type { MessageKey, Translate } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Site } from '../../tenancy/site.ts';
import type { GiftId } from '../../tenancy/tenant.schema.ts';
import type { Gift } from './chat.schemas.ts';

/*
 * The gift catalogue and the icebreakers. Both are configuration: the platform's defaults here,
 * a site's own choice in its tenant file (`gifts`, `icebreakers`). Gifts are priced from the
 * site's `gift_credits` (the cheapest costs exactly that, dearer ones a whole multiple) unless
 * the tenant names a price; names and lines come in the member's language.
 */

/** Price of each gift as a multiple of the site's `gift_credits`, in the platform's order. */
export const DEFAULT_GIFTS: readonly { id: GiftId; factor: number }[] = [
  { id: 'rose', factor: 1 },
  { id: 'heart', factor: 1 },
  { id: 'coffee', factor: 1 },
  { id: 'chocolate', factor: 2 },
  { id: 'teddy', factor: 3 },
  { id: 'champagne', factor: 4 },
];

function giftOf(site: Site, t: Translate, id: GiftId, credits: number | null): Gift {
  const factor = DEFAULT_GIFTS.find((g) => g.id === id)?.factor ?? 1;
  return {
    id,
    name: t(`chat.gift.${id}` as MessageKey),
    // A picture in `public/gift-<id>.svg`: a file of the site itself, the same on every brand.
    image: `/gift-${id}.svg`,
    credits: credits ?? site.giftCredits * factor,
  };
}

/** `GET /api/gifts.php`: the site's catalogue in the member's language. */
export function giftCatalogue(site: Site, t: Translate): Gift[] {
  const chosen = site.gifts ?? DEFAULT_GIFTS.map((g) => ({ id: g.id, credits: null }));
  return chosen.map((g) => giftOf(site, t, g.id, g.credits));
}

/** One gift of the site's catalogue, or undefined for an id it does not hold. */
export function findGift(site: Site, t: Translate, id: string): Gift | undefined {
  return giftCatalogue(site, t).find((g) => g.id === id);
}

/** How many icebreakers the platform has in each locale (`chat.icebreaker.1` …). */
export const ICEBREAKER_COUNT = 8;

/** `GET /api/icebreakers.php`: first lines for a new conversation, in the member's language. */
export function icebreakers(site: Site, locale: Locale, t: Translate): string[] {
  const vars = { site: site.name };
  if (site.icebreakers) {
    return site.icebreakers.map((text) =>
      (typeof text === 'string' ? text : (text[locale] ?? text.en ?? '')).replaceAll('{site}', site.name),
    );
  }
  return Array.from({ length: ICEBREAKER_COUNT }, (_, i) =>
    t(`chat.icebreaker.${i + 1}` as MessageKey, vars),
  );
}
