import type { ReactNode } from 'react';
import type { IslandTranslate } from '../../shell/island-i18n.ts';
import type { ProfileCard } from '../../profiles/index.ts';
import { FictionalIcon } from '../../shell/components/FictionalIcon.tsx';
import { reportFlagButton } from '../../shell/components/report-flag-button.tsx';
import { KeptList, type ItemShape } from '../../../lib/kept-items.ts';

/** A card as the grid shows it: its age as printed and its place named, and what `extra` shows of it. */
interface GridItem<C extends ProfileCard> {
  card: C;
  age: string;
  /** The city, else the region, else the country's name. */
  place: string;
  /** What of the card `extra` shows, as one string (empty without `extra`). */
  extraKey: string;
}

/**
 * A card's markup besides its texts: online or not, fictional or not, its photo loaded at once
 * (the first row) or lazily, and what `extra` shows. The grid's context holds the rest.
 */
const CARD_SHAPE: ItemShape<GridItem<ProfileCard>> = {
  name: 'discovery.card-grid',
  key: (item, index) =>
    `${item.card.online ? 1 : 0}${item.card.fictional ? 1 : 0}${index < 4 ? 1 : 0}${item.extraKey}`,
  texts: (item, text) => ({
    card: {
      ...item.card,
      id: text(item.card.id),
      name: text(item.card.name),
      main_image: {
        filename: text(item.card.main_image.filename),
        thumb_filename: text(item.card.main_image.thumb_filename),
        match: text(item.card.main_image.match),
      },
    },
    age: text(item.age),
    place: text(item.place),
    extraKey: item.extraKey,
  }),
};

/**
 * Member cards in a grid (the search's results, the match finder's matches): photo, name and
 * age linking to the profile, place, and the fictional label, which a card never leaves out.
 * The server keeps a card's markup per shape (`KeptList`).
 */
export function CardGrid<C extends ProfileCard>({
  cards,
  countries,
  profilePath,
  fictional,
  t,
  extra,
  extraKey,
  onReport,
}: {
  cards: C[];
  countries: ReadonlyArray<{ code: string; name: string }>;
  profilePath: string;
  fictional: { icon: string; label: string };
  t: IslandTranslate;
  /** More lines under a card's place (the match finder says why a card is a match). */
  extra?: ((card: C) => ReactNode) | undefined;
  /**
   * Everything of a card that `extra` shows, as one string: part of the key of the card's kept
   * markup, so `extra` may show nothing else of the card (and may use `t`).
   */
  extraKey?: ((card: C) => string) | undefined;
  /** Members may report a card's profile: a small button above the card's link. */
  onReport?: ((card: C) => void) | undefined;
}) {
  const items: GridItem<C>[] = cards.map((card) => ({
    card,
    age: String(card.age),
    // The region's name is not known here (only the server has the region lists): city or country.
    place: card.city ?? countries.find((c) => c.code === card.country)?.name ?? card.country,
    extraKey: extraKey?.(card) ?? '',
  }));
  const renderCard = ({ card, age, place }: GridItem<C>, i: number) => (
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
            <span className="online-dot" aria-hidden="true" />
            <span className="visually-hidden">{t('search.online')}: </span>
          </>
        )}
        <a className="stretched-link text-reset text-decoration-none" href={`${profilePath}/${card.id}`}>
          <span className="given-name">{card.name},</span> {age}
        </a>
      </p>
      <p className="member-card-meta">{place}</p>
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
  );
  return (
    <KeptList
      as="ul"
      className="member-grid list-unstyled mb-0"
      data-testid="search-results"
      items={items}
      // The shape reads and replaces only a card's ProfileCard fields and keeps the rest of `C` as it is.
      shape={CARD_SHAPE as unknown as ItemShape<GridItem<C>>}
      // A card shows the translator's texts, the profile path, the fictional label, a report
      // button or none, and what `extra` makes of the card with the same translator (its key).
      context={[t, profilePath, fictional.icon, fictional.label, Boolean(onReport), Boolean(extra)]}
      render={renderCard}
    />
  );
}
