import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { AlertSection } from '../../shell/components/AlertSection.tsx';
import { FormAlert } from '../../shell/components/Field.tsx';
import { SwitchField } from '../../shell/components/SwitchField.tsx';
import { requestErrorMessage } from '../../shell/form.ts';
import { useForm } from '../../shell/use-form.ts';
import { islandTranslator, type IslandMessages } from '../../shell/island-i18n.ts';
import { toast } from '../../shell/toasts.ts';
import type { NotificationCategory, NotificationsState } from '../../notifications/notifications.schemas.ts';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_DISABLED_REASONS,
} from '../../notifications/notifications.constants.ts';
import { refreshUser } from '../accounts.store.ts';

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
  const form = useForm({
    failureMessage: (error) => requestErrorMessage(error, t),
    read: (data): { disabled: NotificationCategory[] } => ({
      disabled: NOTIFICATION_CATEGORIES.filter((category) => !data.has(category)),
    }),
    // Switches flipped before the island ran are saved now (the page rendered them from `initial`).
    adopt: ({ disabled }) => {
      const same =
        disabled.length === state?.disabled.length && disabled.every((c) => state.disabled.includes(c));
      if (state && !same) save(disabled, undefined);
    },
    send: (input) => api('PUT /api/notifications.php', input),
    report: (message) => toast(message, { closeLabel: t('toast.close') }),
    done: (saved) => {
      setState(saved);
      // Each switch saves at once; the member is told it did, not left to guess.
      toast(t('notify.saved'), { variant: 'success', closeLabel: t('toast.close') });
      // The activation reminder looks at disabled notifications (spec §4): keep the user fresh.
      void refreshUser().catch(() => {});
    },
  });

  const load = async () => {
    setLoadError(undefined);
    try {
      setState(await api('GET /api/notifications.php'));
    } catch (error) {
      setLoadError(requestErrorMessage(error, t));
    }
  };

  useEffect(() => {
    if (!initial) void load();
    // Loads once; a retry is the member's button.
  }, []);

  const save = (disabled: NotificationCategory[], category: NotificationCategory | undefined) => {
    const before = state;
    if (before) setState({ ...before, disabled });
    setSaving(category);
    void form.submit({ disabled }).then((saved) => {
      if (!saved) setState(before);
      setSaving(undefined);
    });
  };

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

  // The disabled-notifications alert: what the system switched off and why, once per reason,
  // the most serious first (an address that bounces gets no e-mail at all).
  const reasons = NOTIFICATION_DISABLED_REASONS.filter((reason) =>
    state.disabled.some((category) => state.reasons[category] === reason),
  );

  const change = (category: NotificationCategory, enabled: boolean) =>
    save(enabled ? state.disabled.filter((c) => c !== category) : [...state.disabled, category], category);

  return (
    <form {...form.props}>
      {reasons.length > 0 && (
        <AlertSection
          tone="warning"
          titleId="notify-alert-title"
          title={t('notify.alert.title')}
          data-notify-alert
        >
          {reasons.map((reason) => (
            <p key={reason} className="mb-1 small" data-reason={reason}>
              {t(`notify.alert.${reason}`)}
            </p>
          ))}
        </AlertSection>
      )}
      <ul className="list-unstyled mb-0">
        {NOTIFICATION_CATEGORIES.map((category) => {
          const enabled = !state.disabled.includes(category);
          const reason = state.reasons[category];
          return (
            <SwitchField
              key={category}
              as="li"
              className="py-2 border-bottom"
              name={category}
              label={t(`notify.category.${category}`)}
              hint={t(`notify.category.${category}_hint`)}
              note={reason && !enabled ? t(`notify.reason.${reason}`) : undefined}
              checked={enabled}
              saving={saving === category}
              disabled={form.busy}
              onChange={(on) => change(category, on)}
            />
          );
        })}
      </ul>
    </form>
  );
}

// The server HTML follows the props alone (the member's choices, the messages): kept per input,
// and most members keep the same choices (src/server/island-html.ts).
NotificationPreferences.serverHtmlIgnores = [] as readonly string[];
