import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { NoticeModal } from '../../shell/components/NoticeModal.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { $timeBonus, countdownText, startTimeBonus } from '../timebonus.store.ts';

/** The words of the time-bonus modal. */
export const TIME_BONUS_MODAL_MESSAGES = [
  'credits.modal_title',
  'credits.modal_text',
  'credits.modal_cta',
  'credits.modal_dismiss',
  'credits.then_welcome',
  'credits.then_regular',
] as const;

/** Spec §4: the modal waits this long in the members area. */
export const MODAL_DELAY_MS = 40_000;
/** Where the time spent in the members area is counted across page loads of one visit. */
const SINCE_KEY = 'kindred.timebonus.since';

export interface TimeBonusModalProps {
  /** The member: the time in the members area is counted per member, not per browser tab. */
  memberId: string;
  /** The credits page. */
  credits: string;
  messages: IslandMessages;
  /** Milliseconds in the members area before it opens (spec: 40 s; tests may shorten it). */
  delayMs?: number;
}

/**
 * The time-bonus modal (spec §4): for a member with 0 credits who has not dismissed it (the page
 * mounts it only then), after 40 s in the members area, while the server still offers the bonus.
 * "No thanks" is remembered with the member's other dismissed alerts.
 */
export default function TimeBonusModal({
  memberId,
  credits,
  messages,
  delayMs = MODAL_DELAY_MS,
}: TimeBonusModalProps) {
  const t = islandTranslator(messages);
  const bonus = useStore($timeBonus);
  const [open, setOpen] = useState(false);
  // What stays after the bonus: the modal says what ends, and no more.
  const [thenPercentage, setThenPercentage] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void fetch('/api/timebonus.php', { headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (cancelled || res.status !== 200) return;
        const body = (await res.json()) as {
          code: string;
          value_percentage: number;
          remaining_seconds: number;
          then_percentage: number;
        };
        setThenPercentage(body.then_percentage);
        startTimeBonus({
          code: body.code,
          percentage: body.value_percentage,
          remainingSeconds: body.remaining_seconds,
        });
        const key = `${SINCE_KEY}.${memberId}`;
        const since = Number(sessionStorage.getItem(key)) || Date.now();
        sessionStorage.setItem(key, String(since));
        timer = setTimeout(() => setOpen(true), Math.max(0, since + delayMs - Date.now()));
      })
      // The bonus is an extra: a failed load shows nothing.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [delayMs, memberId]);

  const dismiss = () => {
    setOpen(false);
    void fetch('/api/user.php', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dismissed: { time_bonus: Date.now() } }),
    }).catch(() => undefined);
  };

  const percentage = bonus?.percentage ?? 25;
  return (
    <NoticeModal
      notice={open ? bonus : null}
      title={t('credits.modal_title', { percentage })}
      onClose={dismiss}
      closeLabel={t('credits.modal_dismiss')}
      className="time-bonus-modal"
      testId="timebonus-modal"
      action={() => ({ href: credits, label: t('credits.modal_cta') })}
      later={t('credits.modal_dismiss')}
    >
      {(shown) => (
        <>
          <p className="font-monospace fs-3 mb-2">{countdownText(shown.remaining)}</p>
          <p>{t('credits.modal_text', { hours: 4 })}</p>
          <p className="mb-0">
            {thenPercentage > 0
              ? t('credits.then_welcome', { percentage: thenPercentage })
              : t('credits.then_regular')}
          </p>
        </>
      )}
    </NoticeModal>
  );
}

// The member's id only keys the time counted in the browser: the server HTML is the site's alone.
TimeBonusModal.serverHtmlIgnores = ['memberId'] as readonly string[];
