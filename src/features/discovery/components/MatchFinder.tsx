import { useState } from 'react';
import { api, isApiError } from '../../../lib/api-client.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { useIslandData, type IslandData } from '../../../lib/island-json.ts';
import type { MatchAnswer, MatchCard } from '../match-finder.schemas.ts';
import { CardGrid } from './MemberCards.tsx';

export interface MatchFinderProps {
  /** The first page, rendered on the server. */
  answer: IslandData<MatchAnswer>;
  countries: IslandData<ReadonlyArray<{ code: string; name: string }>>;
  profilePath: string;
  fictional: { icon: string; label: string };
  messages: IslandMessages;
}

/**
 * The match finder: the best fits first, each card saying why in facts the member can check
 * (interests in common, how near, the age each looks for). "Show more" pages through the ranked
 * pool; the server's `next` is null at its end.
 */
export default function MatchFinder(props: MatchFinderProps) {
  const t = islandTranslator(props.messages);
  const first = useIslandData(props.answer);
  const countries = useIslandData(props.countries);
  const [cards, setCards] = useState<MatchCard[]>(first.results);
  const [next, setNext] = useState(first.next);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const more = async () => {
    if (!next || loading) return;
    setLoading(true);
    setError(null);
    try {
      const answer = await api('GET /api/match-finder.php', undefined, { query: { after: next } });
      // The ranking may move between pages (someone came online): no card twice.
      setCards((shown) => {
        const ids = new Set(shown.map((card) => card.id));
        return [...shown, ...answer.results.filter((card) => !ids.has(card.id))];
      });
      setNext(answer.next);
    } catch (reason) {
      setError(isApiError(reason) && reason.message ? reason.message : t('search.error.load'));
    } finally {
      setLoading(false);
    }
  };

  // What `reasons` shows of a card: the key of the card's kept markup (MemberCards.tsx).
  const reasonsKey = ({ reasons: r }: MatchCard) => `${r.shared_interests}|${r.near}|${r.age_fits}`;
  const reasons = (card: MatchCard) => {
    const lines: string[] = [];
    if (card.reasons.shared_interests > 0)
      lines.push(t('match.reason_interests', { count: card.reasons.shared_interests }));
    if (card.reasons.near === 'city' || card.reasons.near === 'region') lines.push(t('match.reason_near'));
    if (card.reasons.age_fits) lines.push(t('match.reason_age'));
    return lines.length ? (
      <ul className="match-reasons list-unstyled small mx-2 mb-1" data-testid="match-reasons">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    ) : null;
  };

  return (
    <div>
      {cards.length > 0 ? (
        <CardGrid
          cards={cards}
          countries={countries}
          profilePath={props.profilePath}
          fictional={props.fictional}
          t={t}
          extra={reasons}
          extraKey={reasonsKey}
        />
      ) : (
        <div className="py-4" data-testid="match-empty">
          <p className="lead mb-1">{t('match.empty_title')}</p>
          <p className="text-body-secondary">{t('match.empty_body')}</p>
        </div>
      )}
      {error && (
        <div className="alert alert-danger mt-3" role="alert">
          {error}
        </div>
      )}
      {next && (
        <div className="d-grid d-sm-flex justify-content-sm-center mt-4">
          <button
            type="button"
            className="btn btn-outline-primary px-5"
            onClick={() => void more()}
            disabled={loading}
          >
            {loading ? t('search.loading_more') : t('search.show_more')}
          </button>
        </div>
      )}
    </div>
  );
}
