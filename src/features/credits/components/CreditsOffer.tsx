import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Locale } from '../../../i18n/locales.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useBalance } from '../../accounts/components/use-user.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { discountedAmount } from '../discount-math.ts';
import { $timeBonus, countdownText, startTimeBonus } from '../timebonus.store.ts';

export interface OfferBundle {
  id: string;
  credits: number;
  amount: number;
  currency: string;
  popular: boolean;
  /** The bundle's checkout, with the page's code and return path. */
  href: string;
}

export interface CreditsOfferProps {
  bundles: OfferBundle[];
  /** The discount applied to every bundle now (a code with a minimum skips smaller bundles). */
  applied: { percentage: number; minimum: number | null } | null;
  /** A time bonus that really ends: its seconds left, and what applies after it (null: none). */
  ending: { percentage: number; remainingSeconds: number; then: { percentage: number } | null } | null;
  /** The welcome discount, said without a clock: it stays until the first purchase. */
  welcome: { percentage: number } | null;
  balance: number;
  locale: Locale;
  messages: IslandMessages;
}

/**
 * Spec §2 credits: the balance, the bundles with the amount to pay before paying, and the
 * offer. Only a time bonus worth more than what stays after it counts down (the server offers
 * no other); at zero the prices change to what applies from then on, in place.
 */
export default function CreditsOffer({
  bundles,
  applied,
  ending,
  welcome,
  balance: initialBalance,
  locale,
  messages,
}: CreditsOfferProps) {
  const t = islandTranslator(messages);
  const balance = useBalance(initialBalance);
  const bonus = useStore($timeBonus);
  // Set once the countdown has been seen running: only then does its end mean the bonus ended.
  const seenRunning = useRef(false);
  const [ended, setEnded] = useState(false);

  useEffect(() => {
    if (!ending || ending.remainingSeconds <= 0) return;
    startTimeBonus({
      code: 'TIMEBONUS25',
      percentage: ending.percentage,
      remainingSeconds: ending.remainingSeconds,
    });
  }, []);
  useEffect(() => {
    if (bonus !== null) seenRunning.current = true;
    else if (seenRunning.current) setEnded(true);
  }, [bonus]);

  const running = ending !== null && !ended && (bonus?.remaining ?? ending.remainingSeconds) > 0;
  // Once the bonus is over, what applies is what the server said stays after it.
  const now =
    ending && !running
      ? ending.then
        ? { percentage: ending.then.percentage, minimum: null }
        : null
      : applied;
  const welcomeNow = welcome ?? (ending && !running ? ending.then : null);
  const priceOf = (amount: number) =>
    now && (now.minimum === null || amount >= now.minimum)
      ? discountedAmount(amount, now.percentage)
      : amount;

  return (
    <>
      <p className="credits-balance fs-5" data-testid="credits-balance">
        {t('credits.balance', { count: balance })}
      </p>
      {running && ending && (
        <div className="alert alert-warning d-flex flex-wrap gap-2 align-items-center" role="status">
          <strong>{t('credits.timebonus_banner', { percentage: ending.percentage })}</strong>
          <span className="font-monospace fs-5" data-testid="timebonus-countdown">
            {countdownText(bonus?.remaining ?? ending.remainingSeconds)}
          </span>
          <span data-testid="timebonus-then">
            {ending.then
              ? t('credits.then_welcome', { percentage: ending.then.percentage })
              : t('credits.then_regular')}
          </span>
        </div>
      )}
      {ending && !running && (
        <div className="alert alert-info" role="status" data-testid="timebonus-ended">
          {t('credits.timebonus_ended')}
        </div>
      )}
      {welcomeNow && (
        <div className="alert alert-success" role="status" data-testid="welcome-offer">
          <strong>{t('credits.welcome_banner', { percentage: welcomeNow.percentage })}</strong>
        </div>
      )}
      <ul className="row g-3 list-unstyled">
        {bundles.map((bundle) => {
          const price = priceOf(bundle.amount);
          const money = (amount: number) => formatMoney(amount, bundle.currency, locale);
          return (
            <li className="col-sm-6 col-lg-4" key={bundle.id}>
              <a
                className={`card h-100 text-decoration-none${bundle.popular ? ' border-primary shadow' : ''}`}
                href={bundle.href}
                data-bundle={bundle.id}
              >
                {/* A column, so that every card's button sits at the bottom of the row's height. */}
                <div className="card-body d-flex flex-column align-items-start">
                  {bundle.popular && <p className="badge text-bg-primary">{t('credits.popular')}</p>}
                  <h2 className="h4 card-title">
                    {t('credits.bundle_credits', { credits: bundle.credits })}
                  </h2>
                  <p className="fs-3 mb-2" data-amount={price}>
                    {price !== bundle.amount && (
                      <del className="text-body-secondary fs-5 me-2">{money(bundle.amount)}</del>
                    )}
                    <strong>{money(price)}</strong>
                  </p>
                  <span className="btn btn-primary mt-auto">{t('credits.choose')}</span>
                </div>
              </a>
            </li>
          );
        })}
      </ul>
    </>
  );
}

// The server HTML follows the props alone (bundles, offer and balance, which members of a site,
// country and offer share; the countdown runs in the browser): kept per input
// (src/server/island-html.ts).
CreditsOffer.serverHtmlIgnores = [] as readonly string[];
