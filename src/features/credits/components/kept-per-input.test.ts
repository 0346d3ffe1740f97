import { describe, it } from 'vitest';
import { islandMessages } from '../../../i18n';
import { expectKeptPerInput, type KeptIsland } from '../../../../tests/support/kept-islands.ts';
import Checkout from './Checkout.tsx';
import CreditsOffer from './CreditsOffer.tsx';
import { CHECKOUT_MESSAGES, CREDITS_OFFER_MESSAGES } from './island-messages.ts';

const bundles = [
  { id: 'starter', credits: 100, amount: 1499, currency: 'EUR', popular: false, href: '/credits/starter' },
  { id: 'popular', credits: 300, amount: 3999, currency: 'EUR', popular: true, href: '/credits/popular' },
];
const quote = (total: number, discount: unknown) => ({
  quote: {
    bundle: 'popular',
    credits: 300,
    amount: 3999,
    currency: 'EUR',
    country: 'DE',
    discount,
    total,
    formatted: { amount: '€39.99', total: `€${(total / 100).toFixed(2)}` },
  },
  notice: null,
});
const checkout = {
  bundle: { id: 'popular', credits: 300 },
  methods: [
    { id: 'creditcard', name: 'Credit card' },
    { id: 'paypal', name: 'PayPal' },
  ],
  method: '',
  returnTo: null,
  locale: 'en',
  messages: islandMessages('en', CHECKOUT_MESSAGES),
};

/**
 * The credits pages' islands: their server HTML is kept per input (src/server/island-html.ts),
 * which is right only while it follows their props alone. Two members' different offers get
 * their own HTML, each the same as a render of its own.
 */
const islands: [string, KeptIsland, Record<string, unknown>, Record<string, unknown>][] = [
  [
    'CreditsOffer',
    CreditsOffer as KeptIsland,
    {
      bundles,
      applied: { percentage: 25, minimum: null },
      ending: null,
      welcome: { percentage: 25 },
      balance: 0,
      locale: 'en',
      messages: islandMessages('en', CREDITS_OFFER_MESSAGES),
    },
    {
      bundles,
      applied: { percentage: 40, minimum: null },
      ending: { percentage: 40, remainingSeconds: 600, then: { percentage: 25 } },
      welcome: null,
      balance: 120,
      locale: 'en',
      messages: islandMessages('en', CREDITS_OFFER_MESSAGES),
    },
  ],
  [
    'Checkout',
    Checkout as KeptIsland,
    {
      ...checkout,
      initial: quote(2999, {
        code: 'WELCOME25',
        percentage: 25,
        kind: 'welcome',
        expires: null,
        then: null,
      }),
      remainingSeconds: 0,
    },
    { ...checkout, initial: quote(3999, null), remainingSeconds: 0 },
  ],
];

describe('credits islands kept per input', () => {
  it.each(islands)('%s gives each input the HTML a render of it gives', (_name, island, one, other) =>
    expectKeptPerInput(island, one, other),
  );
});
