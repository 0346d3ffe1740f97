import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { api, isApiError } from '../../../lib/api-client.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { toast } from '../../shell/toasts.ts';
import { FictionalNote } from '../../likes/components/FictionalBadge.tsx';
import type { FictionalLabel, MemberLinks } from '../../likes/components/labels.ts';
import { MatchCelebration } from '../../likes/components/MatchCelebration.tsx';
import { $celebration } from '../../likes/likes.store.ts';
import type { SwipeDeck } from '../swipe.schemas.ts';

export interface SwipeGameProps {
  initial: SwipeDeck;
  messages: IslandMessages;
  fictional: FictionalLabel;
  links: MemberLinks & { premium: string; search: string };
}

/** How far a card must travel sideways before a touch swipe counts, in pixels. */
const SWIPE_THRESHOLD_PX = 80;

/**
 * The swipe game (spec §2 swipe-game): one card at a time, like or pass by button, arrow key or
 * a swipe of the finger. What is left today is said plainly, and at the limit the game says so
 * and where premium is, instead of failing silently.
 */
export default function SwipeGame({ initial, messages, fictional, links }: SwipeGameProps) {
  const t = islandTranslator(messages);
  const [deck, setDeck] = useState(initial.profiles);
  const [remaining, setRemaining] = useState(initial.remaining_today);
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState('');
  const [drag, setDrag] = useState(0);
  const start = useRef<number | null>(null);
  // The distance as the events report it: a fast swipe ends before React shows the last move.
  const moved = useRef(0);
  const card = deck[0];
  const atLimit = remaining === 0;

  useEffect(() => setReady(true), []);

  const refill = useCallback(async () => {
    const next = await api('GET /api/swipe.php');
    setDeck(next.profiles);
    setRemaining(next.remaining_today);
  }, []);

  const decide = useCallback(
    async (action: 'like' | 'pass') => {
      if (!card || busy || (action === 'like' && atLimit)) return;
      setBusy(true);
      try {
        const answer = await api('POST /api/swipe.php', { profile: card.id, action });
        setRemaining(answer.remaining_today);
        setStatus(t(action === 'like' ? 'swipe.liked' : 'swipe.passed', { name: card.name }));
        if (answer.match) $celebration.set(card);
        const rest = deck.slice(1);
        setDeck(rest);
        if (rest.length === 0) await refill();
      } catch (error) {
        if (isApiError(error) && error.code === 'swipe_limit_reached') setRemaining(0);
        else
          toast(isApiError(error) && error.message ? error.message : t('error.try_later'), {
            closeLabel: t('toast.close'),
          });
        // A profile that vanished (blocked, left) is skipped rather than shown again.
        if (isApiError(error) && (error.status === 404 || error.code === 'blocked')) setDeck(deck.slice(1));
      } finally {
        setBusy(false);
        setDrag(0);
      }
    },
    [card, busy, atLimit, deck, refill, t],
  );

  // The key listener is registered once and calls the newest `decide`, swapped in before the
  // screen shows the next card: a listener re-registered by an effect would still hold the busy
  // one for a frame after the card appears, and an arrow key pressed then would be lost.
  const latestDecide = useRef(decide);
  useLayoutEffect(() => {
    latestDecide.current = decide;
  }, [decide]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (document.querySelector('[data-modal-root]:not([hidden])')) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable]')) return;
      if (event.key === 'ArrowRight') {
        event.preventDefault();
        void latestDecide.current('like');
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        void latestDecide.current('pass');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onPointerDown = (event: ReactPointerEvent) => {
    if (event.pointerType === 'mouse') return;
    start.current = event.clientX;
    moved.current = 0;
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    if (start.current === null) return;
    moved.current = event.clientX - start.current;
    setDrag(moved.current);
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (moved.current > SWIPE_THRESHOLD_PX) void decide('like');
    else if (moved.current < -SWIPE_THRESHOLD_PX) void decide('pass');
    else setDrag(0);
  };

  return (
    <div className="swipe-game" data-ready={ready || undefined}>
      <p className="swipe-remaining" data-testid="swipe-remaining">
        {remaining === null
          ? t('swipe.unlimited')
          : atLimit
            ? null
            : t('swipe.remaining', { count: remaining })}
      </p>
      {atLimit && (
        <div className="alert alert-warning" role="status" data-testid="swipe-limit">
          <p className="fw-bold mb-1">{t('swipe.limit_title')}</p>
          <p className="mb-2">{t('swipe.limit_body')}</p>
          <a className="btn btn-primary btn-sm" href={links.premium}>
            {t('swipe.premium')}
          </a>
        </div>
      )}
      {card ? (
        <div className="swipe-stack" aria-label={t('swipe.label')} role="group">
          {deck[1] && <div className="swipe-card swipe-card-next" aria-hidden="true" />}
          <article
            className="swipe-card"
            // Only while dragged: set from script, which the CSP allows; as an attribute of the
            // server's HTML it would be refused.
            style={drag ? { transform: `translateX(${drag}px) rotate(${drag / 20}deg)` } : undefined}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            data-profile={card.id}
            aria-labelledby="swipe-card-name"
          >
            <img
              className="member-card-img swipe-card-img"
              src={card.main_image.filename}
              alt=""
              width={480}
              height={640}
              draggable={false}
            />
            <div className="swipe-card-body">
              <h2 className="h4 mb-1" id="swipe-card-name">
                <a href={`${links.members}/${encodeURIComponent(card.id)}`}>
                  {card.name}, {card.age}
                </a>
              </h2>
              <p className="mb-1">{card.city ?? card.region ?? card.country}</p>
              {card.fictional && <FictionalNote fictional={fictional} className="small mb-0" />}
            </div>
          </article>
        </div>
      ) : (
        <div className="text-center py-5" data-testid="swipe-empty">
          <p className="lead fw-bold mb-1">{t('swipe.empty_title')}</p>
          <p className="mb-3">{t('swipe.empty_body')}</p>
          <a className="btn btn-primary" href={links.search}>
            {t('swipe.search')}
          </a>
        </div>
      )}
      {card && (
        <div className="swipe-actions">
          <button
            type="button"
            className="btn btn-lg btn-outline-secondary swipe-pass"
            onClick={() => void decide('pass')}
            disabled={busy}
          >
            <span aria-hidden="true">✕ </span>
            {t('swipe.pass')}
          </button>
          <button
            type="button"
            className="btn btn-lg btn-primary swipe-like"
            onClick={() => void decide('like')}
            disabled={busy || atLimit}
          >
            <span aria-hidden="true">♥ </span>
            {t('swipe.like')}
          </button>
        </div>
      )}
      <p className="small text-body-secondary text-center mt-2">{t('swipe.keys')}</p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      <MatchCelebration t={t} links={links} fictional={fictional} />
    </div>
  );
}
