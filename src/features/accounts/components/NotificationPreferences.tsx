import { useEffect, useId, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { FormAlert } from '../../shell/components/Field.tsx';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { toast } from '../../shell/toasts.ts';
import type {
  NotificationCategory,
  NotificationDisabledReason,
  NotificationsState,
} from '../../notifications/notifications.schemas.ts';
import { NOTIFICATION_CATEGORIES } from '../accounts.schemas.ts';
import { refreshUser } from '../accounts.store.ts';
import { requestErrorMessage } from './form-errors.ts';
import '../../shell/components/ui.css';

export interface NotificationPreferencesProps {
  messages: IslandMessages;
  /** The server's state when the page was made; fetched by the island when absent. */
  initial: NotificationsState | null;
}

/**
 * Spec §3 notification categories, one switch each. A category the system switched off shows
 * why in words (marked as spam, address bounced, unsubscribed in the mail program); switching it
 * on again is the member's explicit wish and is sent like any other change.
 */
export default function NotificationPreferences({ messages, initial }: NotificationPreferencesProps) {
  const t = islandTranslator(messages);
  const [state, setState] = useState<NotificationsState | null>(initial);
  const [loadError, setLoadError] = useState<string>();
  const [saving, setSaving] = useState<NotificationCategory>();

  const load = async () => {
    setLoadError(undefined);
    try {
      setState(await api.get<NotificationsState>('/api/notifications.php'));
    } catch (error) {
      setLoadError(requestErrorMessage(error, t));
    }
  };

  useEffect(() => {
    if (!initial) void load();
    // Loads once; a retry is the member's button.
  }, []);

  if (!state) {
    return loadError ? (
      <FormAlert message={loadError}>
        <div className="mt-2">
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void load()}>
            {t('notify.retry')}
          </button>
        </div>
      </FormAlert>
    ) : (
      <p role="status" className="text-body-secondary">
        <span className="kindred-spinner me-2" aria-hidden="true" />
        {t('notify.loading')}
      </p>
    );
  }

  const change = async (category: NotificationCategory, enabled: boolean) => {
    const before = state;
    const disabled = enabled ? state.disabled.filter((c) => c !== category) : [...state.disabled, category];
    setState({ ...state, disabled });
    setSaving(category);
    try {
      setState(await api.put<NotificationsState>('/api/notifications.php', { disabled }));
      // The activation reminder looks at disabled notifications (spec §4): keep the user fresh.
      void refreshUser().catch(() => {});
    } catch (error) {
      setState(before);
      toast(requestErrorMessage(error, t), { closeLabel: t('toast.close') });
    } finally {
      setSaving(undefined);
    }
  };

  return (
    <ul className="list-unstyled mb-0">
      {NOTIFICATION_CATEGORIES.map((category) => (
        <CategorySwitch
          key={category}
          label={t(`notify.category.${category}`)}
          description={t(`notify.category.${category}_hint`)}
          enabled={!state.disabled.includes(category)}
          reason={state.reasons[category]}
          reasonText={(reason) => t(`notify.reason.${reason}`)}
          busy={saving === category}
          onChange={(on) => void change(category, on)}
        />
      ))}
    </ul>
  );
}

function CategorySwitch({
  label,
  description,
  enabled,
  reason,
  reasonText,
  busy,
  onChange,
}: {
  label: string;
  description: string;
  enabled: boolean;
  reason: NotificationDisabledReason | undefined;
  reasonText: (reason: NotificationDisabledReason) => string;
  busy: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="form-check form-switch py-2 border-bottom">
      <input
        className="form-check-input"
        type="checkbox"
        role="switch"
        id={id}
        checked={enabled}
        disabled={busy}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-hint${reason && !enabled ? ` ${id}-reason` : ''}`}
      />
      <label className="form-check-label fw-semibold" htmlFor={id}>
        {label} {busy && <span className="kindred-spinner ms-1" aria-hidden="true" />}
      </label>
      <div className="form-text mt-0" id={`${id}-hint`}>
        {description}
      </div>
      {reason && !enabled && (
        <div className="alert alert-warning py-2 px-3 mt-2 mb-0 small" id={`${id}-reason`}>
          {reasonText(reason)}
        </div>
      )}
    </li>
  );
}
