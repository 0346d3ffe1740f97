import { useState, type ReactNode } from 'react';
import type { DismissibleAlert } from '../../accounts/index.ts';
import { api } from '../../../lib/api-client.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import { islandTranslator, type IslandMessages } from '../island-i18n.ts';
import { toast } from '../toasts.ts';
import { useHydrated } from '../use-form.ts';

/**
 * The close button of a member alert that stays closed for good (spec §3 "Alert dismissals"):
 * remembers the moment in the account, so it stays closed on every device, and removes the
 * alert at once. Its messages: `label`, `error.try_later` and `toast.close`.
 */
export default function AlertDismiss({
  messages,
  alertId,
  alert,
  label,
}: {
  messages: IslandMessages;
  alertId: string;
  alert: DismissibleAlert;
  label: MessageKey;
}) {
  const t = islandTranslator(messages);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const dismiss = async () => {
    setBusy(true);
    try {
      await api('PUT /api/user.php', { dismissed: { [alert]: Date.now() } });
      document.getElementById(alertId)?.remove();
    } catch {
      setBusy(false);
      toast(t('error.try_later'), { closeLabel: t('toast.close') });
    }
  };
  return (
    <DismissButton disabled={busy || !hydrated} onClick={() => void dismiss()}>
      {t(label)}
    </DismissButton>
  );
}

/**
 * The look of a member alert's close button, beside the alert's action; also for an alert whose
 * island remembers the closing itself (the push alert).
 */
export function DismissButton({
  disabled,
  onClick,
  children,
}: {
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="btn btn-sm btn-link text-body-secondary"
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
