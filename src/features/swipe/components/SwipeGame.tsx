import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type HTMLAttributes,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { api, isApiError } from '../../../lib/api-client.ts';
import { islandLocale, islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { shortPlace } from '../../../lib/place-name.ts';
import { toast } from '../../shell/toasts.ts';
import { FictionalNote } from '../../likes/components/FictionalBadge.tsx';
import type { FictionalLabel, MemberLinks } from '../../likes/components/labels.ts';
import { MatchCelebration } from '../../likes/components/MatchCelebration.tsx';
import { $celebration } from '../../likes/likes.store.ts';
import type { ProfileCard } from '../../profiles/index.ts';
import type { SwipeDeck } from '../swipe.schemas.ts';
import { useIslandData, type IslandData } from '../../../lib/island-json.ts';

export interface SwipeGameProps {
  initial: IslandData<SwipeDeck>;
  messages: IslandMessages;
  fictional: FictionalLabel;
  links: MemberLinks & { premium: string; search: string };
  /** The member's own photo (the match moment shows both), if they have one. */
  selfPhoto: string | null;
}

/** How far a card must travel sideways before a drag counts as a decision, in pixels. */
const SWIPE_THRESHOLD_PX = 80;
/** A press that moves less than this is a click (the name's link), not a drag. */
const DRAG_START_PX = 6;
/** How long a decided card takes to fly off (swipe.css `.is-leaving-*`). */
const LEAVE_MS = 220;

/**
 * The swipe game (spec §2 swipe-game): one card at a time with the next one beneath it, like or
 * pass by button, arrow key, or dragging the card with a finger or the mouse (LIKE or NOPE shows
 * how it will go). What is left today is said plainly, and at the limit the game says so and
 * where premium is, instead of failing silently.
 */
export default function SwipeGame({ initial: dealt, messages, fictional, links, selfPhoto }: SwipeGameProps) {
  const t = islandTranslator(messages);
  const locale = islandLocale(messages) ?? 'en';
  const initial = useIslandData(dealt);
  const [deck, setDeck] = useState(initial.profiles);
  const [remaining, setRemaining] = useState(initial.remaining_today);
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState('');
  const [drag, setDrag] = useState(0);
  const [leaving, setLeaving] = useState<'left' | 'right' | null>(null);
  const start = useRef<{ x: number; id: number } | null>(null);
  // The distance as the events report it: a fast swipe ends before React shows the last move.
  const moved = useRef(0);
  const dragging = useRef(false);
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
      setLeaving(action === 'like' ? 'right' : 'left');
      const flown = new Promise((resolve) => setTimeout(resolve, LEAVE_MS));
      try {
        const answer = await api('POST /api/swipe.php', { profile: card.id, action });
        await flown;
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
        setLeaving(null);
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

  // Finger, pen and mouse alike. The card is captured only once the press moves, so a plain
  // click still reaches the name's link; a drag does not open it.
  const onPointerDown = (event: ReactPointerEvent) => {
    if (busy || (event.pointerType === 'mouse' && event.button !== 0)) return;
    start.current = { x: event.clientX, id: event.pointerId };
    moved.current = 0;
    dragging.current = false;
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    if (!start.current || event.pointerId !== start.current.id) return;
    moved.current = event.clientX - start.current.x;
    if (!dragging.current && Math.abs(moved.current) < DRAG_START_PX) return;
    if (!dragging.current) {
      dragging.current = true;
      try {
        (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
      } catch {
        // A pointer that already ended cannot be captured; the drag goes on without it.
      }
    }
    setDrag(moved.current);
  };
  const onPointerUp = () => {
    if (!start.current) return;
    start.current = null;
    if (!dragging.current) return;
    if (moved.current > SWIPE_THRESHOLD_PX && !atLimit) void decide('like');
    else if (moved.current < -SWIPE_THRESHOLD_PX) void decide('pass');
    else setDrag(0);
  };
  const onClickCapture = (event: ReactMouseEvent) => {
    if (!dragging.current) return;
    dragging.current = false;
    event.preventDefault();
    event.stopPropagation();
  };

  // How sure the drag is, 0 to 1: the stamp shows it, and the next card rises with it.
  const certainty = Math.min(1, Math.abs(drag) / SWIPE_THRESHOLD_PX);
  const cardClass = ['swipe-card', drag ? 'is-dragged' : '', leaving ? `is-leaving-${leaving}` : ''].join(
    ' ',
  );

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
          {deck[1] && (
            <SwipeCardView
              key={deck[1].id}
              card={deck[1]}
              className="swipe-card swipe-card-next"
              // At rest the stylesheet scales it (`.swipe-card-next`); only while the top card
              // moves is it set from script, which the CSP allows, where an attribute of the
              // server's HTML would be refused.
              style={
                leaving || certainty > 0
                  ? { transform: `scale(${0.95 + 0.05 * (leaving ? 1 : certainty)})` }
                  : undefined
              }
              fictional={fictional}
              links={links}
              locale={locale}
              hidden
            />
          )}
          <SwipeCardView
            key={card.id}
            card={card}
            className={cardClass}
            // Only while dragged: set from script, which the CSP allows; as an attribute of the
            // server's HTML it would be refused.
            style={
              drag && !leaving ? { transform: `translateX(${drag}px) rotate(${drag / 20}deg)` } : undefined
            }
            fictional={fictional}
            links={links}
            locale={locale}
            handlers={{
              onPointerDown,
              onPointerMove,
              onPointerUp,
              onPointerCancel: onPointerUp,
              onClickCapture,
            }}
          >
            <span
              className="swipe-stamp swipe-stamp-like"
              aria-hidden="true"
              data-testid="swipe-stamp-like"
              hidden={!(drag > 0 || leaving === 'right')}
              style={drag > 0 ? { opacity: 0.35 + 0.65 * certainty } : undefined}
            >
              {t('swipe.stamp_like')}
            </span>
            <span
              className="swipe-stamp swipe-stamp-nope"
              aria-hidden="true"
              data-testid="swipe-stamp-nope"
              hidden={!(drag < 0 || leaving === 'left')}
              style={drag < 0 ? { opacity: 0.35 + 0.65 * certainty } : undefined}
            >
              {t('swipe.stamp_nope')}
            </span>
          </SwipeCardView>
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
      <p className="swipe-keys small text-body-secondary text-center mt-2 mb-0" data-testid="swipe-keys">
        {t('swipe.keys')}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      <MatchCelebration t={t} links={links} fictional={fictional} selfPhoto={selfPhoto} />
    </div>
  );
}

/** One card of the deck: the photo, name, age and place, and the fictional label when it applies. */
function SwipeCardView(props: {
  card: ProfileCard;
  className: string;
  style?: CSSProperties | undefined;
  fictional: FictionalLabel;
  links: MemberLinks;
  /** The page's language, for the country's name where a card has no city. */
  locale: string;
  /** The card beneath: seen, not read out or reached by keyboard. */
  hidden?: boolean;
  handlers?: Pick<
    HTMLAttributes<HTMLElement>,
    'onPointerDown' | 'onPointerMove' | 'onPointerUp' | 'onPointerCancel' | 'onClickCapture'
  >;
  children?: ReactNode;
}) {
  const { card, hidden } = props;
  const nameId = hidden ? undefined : 'swipe-card-name';
  return (
    <article
      className={props.className}
      style={props.style}
      data-profile={card.id}
      aria-labelledby={nameId}
      aria-hidden={hidden || undefined}
      inert={hidden || undefined}
      {...props.handlers}
    >
      <div className="swipe-card-photo">
        <img
          className="swipe-card-img"
          src={card.main_image.filename}
          alt=""
          width={480}
          height={640}
          draggable={false}
        />
        {/* On the photo, so the label and its warning never push Like and Pass off a phone's screen. */}
        {card.fictional && (
          <FictionalNote fictional={props.fictional} className="swipe-card-fictional small mb-0" />
        )}
      </div>
      {props.children}
      <div className="swipe-card-body">
        <h2 className="h5 mb-0" id={nameId}>
          <a href={`${props.links.members}/${encodeURIComponent(card.id)}`} draggable={false}>
            {card.name}, {card.age}
          </a>
        </h2>
        <p className="small mb-0">{shortPlace(card, props.locale)}</p>
      </div>
    </article>
  );
}
