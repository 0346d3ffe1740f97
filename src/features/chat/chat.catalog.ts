import type { MessageKey, Translate } from '../../i18n/index.ts';
import type { Site } from '../../tenancy/site.ts';
import type { Gift } from './chat.schemas.ts';

/*
 * The gift catalogue and the icebreakers. Both are configuration: the platform's defaults here,
 * priced from the site's `gift_credits` (the cheapest gift costs exactly that, dearer ones a
 * whole multiple), named and worded in the member's language. A site that sets another
 * `gift_credits` gets its own prices without a catalogue of its own.
 */

interface GiftDefinition {
  id: string;
  /** Price as a multiple of the site's `gift_credits`. */
  factor: number;
}

/** The default catalogue, cheapest first; pictures in `public/gift-<id>.svg`. */
export const DEFAULT_GIFTS: readonly GiftDefinition[] = [
  { id: 'rose', factor: 1 },
  { id: 'heart', factor: 1 },
  { id: 'coffee', factor: 1 },
  { id: 'chocolate', factor: 2 },
  { id: 'teddy', factor: 3 },
  { id: 'champagne', factor: 4 },
];

function giftOf(site: Site, t: Translate, definition: GiftDefinition): Gift {
  return {
    id: definition.id,
    name: t(`chat.gift.${definition.id}` as MessageKey),
    image: `/gift-${definition.id}.svg`,
    credits: site.giftCredits * definition.factor,
  };
}

/** `GET /api/gifts.php`: the site's catalogue in the member's language. */
export function giftCatalogue(site: Site, t: Translate): Gift[] {
  return DEFAULT_GIFTS.map((g) => giftOf(site, t, g));
}

/** One gift of the catalogue, or undefined for an id it does not hold. */
export function findGift(site: Site, t: Translate, id: string): Gift | undefined {
  const definition = DEFAULT_GIFTS.find((g) => g.id === id);
  return definition ? giftOf(site, t, definition) : undefined;
}

/** How many icebreakers each locale has (`chat.icebreaker.1` …). */
export const ICEBREAKER_COUNT = 8;

/** `GET /api/icebreakers.php`: first lines for a new conversation, in the member's language. */
export function icebreakers(site: Site, t: Translate): string[] {
  const vars = { site: site.name };
  return Array.from({ length: ICEBREAKER_COUNT }, (_, i) =>
    t(`chat.icebreaker.${i + 1}` as MessageKey, vars),
  );
}
