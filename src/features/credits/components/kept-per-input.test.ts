import { describe, it } from 'vitest';
import { islandMessages } from '../../../i18n';
import { expectKeptPerInput } from '../../../../tests/support/kept-islands.ts';
import Checkout, { type CheckoutProps } from './Checkout.tsx';
import CreditsOffer, { type CreditsOfferProps, type OfferBundle } from './CreditsOffer.tsx';
import { CHECKOUT_MESSAGES, CREDITS_OFFER_MESSAGES } from './island-messages.ts';

/**
 * The credits pages' islands: their server HTML is kept per input (src/server/island-html.ts),
 * which is right only while it follows their props alone. Two members' different offers get
 * their own HTML, each the same as a render of its own.
 */
describe('credits islands kept per input', () => {
  it('CreditsOffer gives each input the HTML a render of it gives', () => {
    const bundles: OfferBundle[] = [
      {
        id: 'starter',
        credits: 100,
        amount: 1499,
        currency: 'EUR',
        popular: false,
        href: '/credits/starter',
      },
      { id: 'popular', credits: 300, amount: 3999, currency: 'EUR', popular: true, href: '/credits/popular' },
    ];
    const welcome: CreditsOfferProps = {
      bundles,
      applied: { percentage: 25, minimum: null },
      ending: null,
      welcome: { percentage: 25 },
      balance: 0,
      locale: 'en',
      messages: islandMessages('en', CREDITS_OFFER_MESSAGES),
    };
    const bonus: CreditsOfferProps = {
      ...welcome,
      applied: { percentage: 40, minimum: null },
      ending: { percentage: 40, remainingSeconds: 600, then: { percentage: 25 } },
      welcome: null,
      balance: 120,
    };
    expectKeptPerInput(CreditsOffer, welcome, bonus);
  });

  it('Checkout gives each input the HTML a render of it gives', () => {
    const quote = {
      bundle: 'popular',
      credits: 300,
      amount: 3999,
      currency: 'EUR',
      country: 'DE',
      discount: null,
      total: 3999,
      formatted: { amount: '€39.99', total: '€39.99' },
    };
    const full: CheckoutProps = {
      bundle: { id: 'popular', credits: 300 },
      methods: [
        { id: 'creditcard', name: 'Credit card' },
        { id: 'paypal', name: 'PayPal' },
      ],
      method: '',
      initial: { quote, notice: null },
      remainingSeconds: 0,
      returnTo: null,
      locale: 'en',
      messages: islandMessages('en', CHECKOUT_MESSAGES),
    };
    const discounted: CheckoutProps = {
      ...full,
      initial: {
        quote: {
          ...quote,
          discount: { code: 'WELCOME25', percentage: 25, kind: 'welcome', expires: null, then: null },
          total: 2999,
          formatted: { amount: '€39.99', total: '€29.99' },
        },
        notice: null,
      },
    };
    expectKeptPerInput(Checkout, full, discounted);
  });
});
