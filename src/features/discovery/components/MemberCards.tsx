import type { ReactNode } from 'react';
import type { IslandTranslate } from '../../shell/island-i18n.ts';
import type { ProfileCard } from '../../profiles/index.ts';
import { FictionalIcon } from '../../shell/components/FictionalIcon.tsx';
import { reportFlagButton } from '../../shell/components/report-flag-button.tsx';

/**
 * Member cards in a grid (the search's results, the match finder's matches): photo, name and
 * age linking to the profile, place, and the fictional label, which a card never leaves out.
 */
export function CardGrid<C extends ProfileCard>({
  cards,
  countries,
  profilePath,
  fictional,
  t,
  extra,
  onReport,
}: {
  cards: C[];
  countries: ReadonlyArray<{ code: string; name: string }>;
  profilePath: string;
  fictional: { icon: string; label: string };
  t: IslandTranslate;
  /** More lines under a card's place (the match finder says why a card is a match). */
  extra?: ((card: C) => ReactNode) | undefined;
  /** Members may report a card's profile: a small button above the card's link. */
  onReport?: ((card: C) => void) | undefined;
}) {
  return (
    <ul className="member-grid list-unstyled mb-0" data-testid="search-results">
      {cards.map((card, i) => (
        <li key={card.id} className="member-card">
          <img
            className="member-card-img"
            src={card.main_image.filename}
            srcSet={`${card.main_image.thumb_filename} 160w, ${card.main_image.match} 240w, ${card.main_image.filename} 480w`}
            sizes="(min-width: 992px) 260px, (min-width: 576px) 33vw, 50vw"
            alt=""
            width={480}
            height={480}
            loading={i < 4 ? 'eager' : 'lazy'}
            decoding="async"
          />
          <p className="member-card-name">
            {card.online && (
              <>
                <span className="online-dot me-1" aria-hidden="true" />
                <span className="visually-hidden">{t('search.online')}: </span>
              </>
            )}
            <a className="stretched-link text-reset text-decoration-none" href={`${profilePath}/${card.id}`}>
              {card.name}, {card.age}
            </a>
          </p>
          <p className="member-card-meta">
            {card.city ?? card.region ?? countries.find((c) => c.code === card.country)?.name ?? card.country}
          </p>
          {extra?.(card)}
          {onReport &&
            reportFlagButton(
              t('reports.title', { name: card.name }),
              'btn btn-sm btn-light position-absolute top-0 end-0 m-1 z-2 member-card-report',
              () => onReport(card),
            )}
          {card.fictional && (
            <p className="badge badge-fictional m-2 mt-1 align-self-start">
              <FictionalIcon icon={fictional.icon} /> {fictional.label}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
