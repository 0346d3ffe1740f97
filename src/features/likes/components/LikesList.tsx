import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { isApiError } from '../../../lib/api-client.ts';
import { useIslandData, type IslandData } from '../../../lib/island-json.ts';
import {
  islandLocale,
  islandTranslator,
  type IslandMessages,
  type IslandTranslate,
} from '../../shell/island-i18n.ts';
import { shortPlace } from '../../../lib/place-name.ts';
import { toast } from '../../shell/toasts.ts';
import { reportFlagButton } from '../../shell/components/report-flag-button.tsx';
import { KeptList, type ItemShape } from '../../../lib/kept-items.ts';
import type { ProfileCard } from '../../profiles/index.ts';
import type { LikesAnswer, LikesList as LikesListName } from '../likes.schemas.ts';
import { $likes, likeProfile, loadMoreLikes, seedLikes, unlikeProfile } from '../likes.store.ts';
import { FictionalBadge } from './FictionalBadge.tsx';
import { chatPath, profilePath, type FictionalLabel, type MemberLinks } from './labels.ts';
import { MatchCelebration } from './MatchCelebration.tsx';
import { ReportDialog } from '../../reports/components/ReportDialog.tsx';

export type LikesTab = 'received' | 'sent' | 'matches';

const TABS: readonly LikesTab[] = ['received', 'sent', 'matches'];

/** Which list of `GET /api/likes.php` a tab shows. */
const LIST_OF: Record<LikesTab, LikesListName> = {
  received: 'liked_by',
  sent: 'profiles',
  matches: 'matches',
};

export interface LikesListProps {
  tab: LikesTab;
  initial: IslandData<LikesAnswer>;
  messages: IslandMessages;
  fictional: IslandData<FictionalLabel>;
  /** The profile links, the search and the swipe game (for an empty tab), and each tab's address. */
  links: IslandData<MemberLinks & { search: string; swipe: string; tabs: Record<LikesTab, string> }>;
  /** The member's own photo, for the match moment. */
  selfPhoto?: string | null | undefined;
}

/** One tab of `/likes/{type}` (spec §2): cards that open the profile, and the like-back action. */
export default function LikesList({ tab, messages, selfPhoto, ...data }: LikesListProps) {
  const initial = useIslandData(data.initial);
  const fictional = useIslandData(data.fictional);
  const links = useIslandData(data.links);
  const t = islandTranslator(messages);
  const locale = islandLocale(messages) ?? 'en';
  const [ready, setReady] = useState(false);
  useEffect(() => {
    seedLikes(initial);
    setReady(true);
  }, [initial]);
  const likes = useStore($likes) ?? initial;
  const [busy, setBusy] = useState<string | null>(null);
  const [reporting, setReporting] = useState<ProfileCard | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  const matched = new Set(likes.matches.map((card) => card.id));
  // A received like says itself whether the member liked back (a match); a sent one is a match
  // when the card is among the matches.
  const entries: Array<{ card: ProfileCard; isNew: boolean; matched: boolean }> =
    tab === 'received'
      ? likes.liked_by.map((like) => ({ card: like.profile, isNew: like.like_new, matched: like.liked_back }))
      : (tab === 'sent' ? likes.profiles : likes.matches).map((card) => ({
          card,
          isNew: false,
          matched: tab === 'matches' || matched.has(card.id),
        }));

  // A received like can be returned until it is; a sent one can be taken back.
  const actionOn = (matchedAlready: boolean): CardActionKind | undefined =>
    tab === 'sent' ? 'unlike' : tab === 'received' && !matchedAlready ? 'like' : undefined;

  const act = async (card: ProfileCard, action: CardActionKind) => {
    setBusy(card.id);
    try {
      if (action === 'like') await likeProfile(card);
      else await unlikeProfile(card.id);
      const current = $likes.get() ?? likes;
      const profiles =
        action === 'like'
          ? [card, ...current.profiles.filter((c) => c.id !== card.id)]
          : current.profiles.filter((c) => c.id !== card.id);
      const mutual = current.liked_by.some((like) => like.id === card.id);
      const matches =
        action === 'like' && mutual
          ? [card, ...current.matches.filter((c) => c.id !== card.id)]
          : current.matches.filter((c) => action === 'like' || c.id !== card.id);
      const likedBy = current.liked_by.map((like) =>
        like.id === card.id ? { ...like, liked_back: action === 'like' } : like,
      );
      seedLikes({ ...current, profiles, liked_by: likedBy, matches });
    } catch (error) {
      toast(isApiError(error) && error.message ? error.message : t('error.try_later'), {
        closeLabel: t('toast.close'),
      });
    } finally {
      setBusy(null);
    }
  };

  const more = async () => {
    setLoadingMore(true);
    try {
      await loadMoreLikes(LIST_OF[tab]);
    } catch (error) {
      toast(isApiError(error) && error.message ? error.message : t('error.try_later'), {
        closeLabel: t('toast.close'),
      });
    } finally {
      setLoadingMore(false);
    }
  };

  // Each tab's count: what its pages so far hold, and "+" while there is more. Kept here, so that
  // a like back or an unlike counts at once.
  const count = (list: readonly unknown[], more: string | null) => `${list.length}${more ? '+' : ''}`;
  const counts: Record<LikesTab, string> = {
    received: count(likes.liked_by, likes.next.liked_by),
    sent: count(likes.profiles, likes.next.profiles),
    matches: count(likes.matches, likes.next.matches),
  };
  const nav = (
    <nav aria-label={t('likes.tabs')}>
      <ul className="nav nav-pills likes-tabs mb-4">
        {TABS.map((name) => (
          <li key={name} className="nav-item">
            <a
              className={name === tab ? 'nav-link active' : 'nav-link'}
              href={links.tabs[name]}
              aria-current={name === tab ? 'page' : undefined}
            >
              {t(`likes.tab_${name}`)} <span className="badge text-bg-light">{counts[name]}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );

  if (entries.length === 0) {
    return (
      <>
        {nav}
        <div className="likes-empty text-center py-5" data-testid="likes-empty">
          <p className="lead mb-3">{t(`likes.empty_${tab}`)}</p>
          <div className="d-flex flex-wrap gap-2 justify-content-center">
            <a className="btn btn-primary" href={links.search}>
              {t('likes.find')}
            </a>
            <a className="btn btn-outline-secondary" href={links.swipe}>
              {t('likes.swipe')}
            </a>
          </div>
        </div>
      </>
    );
  }

  return (
    <>
      {nav}
      <KeptList
        as="ul"
        className="member-grid likes-grid list-unstyled"
        data-ready={ready || undefined}
        items={entries.map(({ card, isNew, matched: isMatch }) => ({
          card,
          isNew,
          action: actionOn(isMatch),
          matched: isMatch,
          busy: busy === card.id,
          age: String(card.age),
          place: shortPlace(card, locale),
          profileHref: profilePath(links, card.id),
          chatHref: chatPath(links, card.id),
        }))}
        shape={LIKES_CARD}
        // A card shows the translator's texts, its tab's parts and the fictional label.
        context={[t, tab, fictional.icon, fictional.label, fictional.warning]}
        render={(item) => {
          const { card } = item;
          return (
            <li className="member-card likes-card" key={card.id} data-profile={card.id}>
              <img
                className="member-card-img"
                src={card.main_image.filename}
                alt={t('likes.photo_alt', { name: card.name })}
                width={480}
                height={640}
                loading="lazy"
                decoding="async"
              />
              <p className="member-card-name">
                {/* Before the name, not over the photo, where a fictional profile's label stands. */}
                {item.isNew && <span className="badge text-bg-primary likes-new">{t('likes.new')}</span>}
                <a className="stretched-link" href={item.profileHref}>
                  <span className="given-name">{card.name},</span> {item.age}
                </a>
              </p>
              <p className="member-card-meta">{item.place}</p>
              {card.fictional && (
                <p className="likes-card-label">
                  <FictionalBadge fictional={fictional} />
                </p>
              )}
              <div className="likes-card-actions">
                <CardAction
                  action={item.action}
                  name={card.name}
                  t={t}
                  disabled={item.busy}
                  onAct={(action) => void act(card, action)}
                />
                {tab === 'received' && item.matched && (
                  <span className="badge text-bg-success">{t('likes.match_title')}</span>
                )}
                {(tab === 'matches' || item.matched) && (
                  <a className="btn btn-sm btn-primary" href={item.chatHref} data-testid="match-message">
                    {t('likes.message')}
                    <span className="visually-hidden"> {card.name}</span>
                  </a>
                )}
                {reportFlagButton(
                  t('reports.title', { name: card.name }),
                  'btn btn-sm btn-outline-secondary',
                  () => setReporting(card),
                )}
              </div>
            </li>
          );
        }}
      />
      {reporting && <ReportDialog open onClose={() => setReporting(null)} profile={reporting} t={t} />}
      {likes.next[LIST_OF[tab]] && (
        <div className="d-grid d-sm-flex justify-content-sm-center mt-4">
          <button
            type="button"
            className="btn btn-outline-primary px-5 likes-more"
            onClick={() => void more()}
            disabled={loadingMore || !ready}
            aria-busy={loadingMore || undefined}
          >
            {loadingMore ? t('likes.loading_more') : t('likes.load_more')}
          </button>
        </div>
      )}
      {entries.some(({ card }) => card.fictional) && (
        <p className="fictional-note mt-3">{fictional.warning}</p>
      )}
      <MatchCelebration t={t} links={links} fictional={fictional} selfPhoto={selfPhoto} />
    </>
  );
}

type CardActionKind = 'like' | 'unlike';

/** A card of a tab as it shows: the card, its switches, and its texts as printed. */
interface LikesItem {
  card: ProfileCard;
  isNew: boolean;
  action: CardActionKind | undefined;
  matched: boolean;
  busy: boolean;
  age: string;
  place: string;
  profileHref: string;
  chatHref: string;
}

/** A card's markup besides its texts: its switches (the tab and the labels are the list's context). */
const LIKES_CARD: ItemShape<LikesItem> = {
  name: 'likes.card',
  key: (item) =>
    `${item.isNew ? 1 : 0}${item.card.fictional ? 1 : 0}${item.action ?? '-'}${item.matched ? 1 : 0}${item.busy ? 1 : 0}`,
  texts: (item, text) => ({
    ...item,
    card: {
      ...item.card,
      id: text(item.card.id),
      name: text(item.card.name),
      main_image: { ...item.card.main_image, filename: text(item.card.main_image.filename) },
    },
    age: text(item.age),
    place: text(item.place),
    profileHref: text(item.profileHref),
    chatHref: text(item.chatHref),
  }),
};

const CARD_ACTIONS = {
  like: { className: 'btn-primary', label: 'likes.like_back' },
  unlike: { className: 'btn-outline-secondary', label: 'likes.unlike' },
} as const;

/** The card's button, if it has one; a screen reader hears whose card it acts on. */
function CardAction(props: {
  action: CardActionKind | undefined;
  name: string;
  t: IslandTranslate;
  disabled: boolean;
  onAct(action: CardActionKind): void;
}) {
  const { action } = props;
  if (!action) return null;
  return (
    <button
      type="button"
      className={`btn btn-sm ${CARD_ACTIONS[action].className}`}
      disabled={props.disabled}
      onClick={() => props.onAct(action)}
    >
      {props.t(CARD_ACTIONS[action].label)}
      <span className="visually-hidden"> {props.name}</span>
    </button>
  );
}
