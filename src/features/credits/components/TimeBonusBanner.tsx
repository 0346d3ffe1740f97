import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { $timeBonus, countdownText, startTimeBonus } from '../timebonus.store.ts';

export interface TimeBonusBannerProps {
  code: string;
  percentage: number;
  /** Seconds left by the server's clock when the page was made. */
  remainingSeconds: number;
  messages: IslandMessages;
}

/** Spec §2's time-bonus banner: the offer and a per-second countdown; gone at zero. */
export default function TimeBonusBanner({
  code,
  percentage,
  remainingSeconds,
  messages,
}: TimeBonusBannerProps) {
  const t = islandTranslator(messages);
  const bonus = useStore($timeBonus);
  useEffect(
    () => startTimeBonus({ code, percentage, remainingSeconds }),
    [code, percentage, remainingSeconds],
  );
  const remaining = bonus?.remaining ?? remainingSeconds;
  if (remaining <= 0) return null;
  return (
    <div className="alert alert-warning d-flex flex-wrap gap-2 align-items-center" role="status">
      <strong>{t('credits.timebonus_banner', { percentage })}</strong>
      <span className="font-monospace fs-5" data-testid="timebonus-countdown">
        {countdownText(remaining)}
      </span>
    </div>
  );
}
