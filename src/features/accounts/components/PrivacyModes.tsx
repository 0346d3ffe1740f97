import { useId, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { islandTranslator } from '../../shell/island-i18n.ts';
import { toast } from '../../shell/toasts.ts';
import type { User } from '../accounts.schemas.ts';
import { setUser } from '../accounts.store.ts';
import type { SettingsIslandProps } from './ChangeEmailForm.tsx';
import { requestErrorMessage } from './form-errors.ts';
import { useUser } from './use-user.ts';
import '../../shell/components/ui.css';

type Mode = 'invisible' | 'private';

/**
 * Spec §6 privacy modes, each a switch that saves at once: invisible (hidden from search,
 * messages and likes) and private (seen only by members one liked or messaged). A switch that
 * could not be saved flips back and says why.
 */
export default function PrivacyModes({ user: initialUser, messages }: Omit<SettingsIslandProps, 'minAge'>) {
  const user = useUser(initialUser);
  const t = islandTranslator(messages);
  const [saving, setSaving] = useState<Mode>();
  const [shown, setShown] = useState<Record<Mode, boolean>>({
    invisible: user.invisible,
    private: user.private,
  });

  const change = async (mode: Mode, on: boolean) => {
    const before = shown;
    setShown({ ...shown, [mode]: on });
    setSaving(mode);
    try {
      const answer = await api.put<{ user: User }>('/api/account.php', { [mode]: on });
      setUser(answer.user);
      setShown({ invisible: answer.user.invisible, private: answer.user.private });
      toast(t(on ? `settings.${mode}_on` : `settings.${mode}_off`), {
        variant: 'success',
        closeLabel: t('toast.close'),
      });
    } catch (error) {
      setShown(before);
      toast(requestErrorMessage(error, t), { closeLabel: t('toast.close') });
    } finally {
      setSaving(undefined);
    }
  };

  return (
    <div>
      <ModeSwitch
        label={t('settings.invisible')}
        description={t('settings.invisible_hint')}
        checked={shown.invisible}
        busy={saving === 'invisible'}
        onChange={(on) => change('invisible', on)}
      />
      <ModeSwitch
        label={t('settings.private')}
        description={t('settings.private_hint')}
        checked={shown.private}
        busy={saving === 'private'}
        onChange={(on) => change('private', on)}
      />
    </div>
  );
}

function ModeSwitch({
  label,
  description,
  checked,
  busy,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  busy: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="form-check form-switch mb-3">
      <input
        className="form-check-input"
        type="checkbox"
        role="switch"
        id={id}
        checked={checked}
        disabled={busy}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-hint`}
      />
      <label className="form-check-label fw-semibold" htmlFor={id}>
        {label} {busy && <span className="kindred-spinner ms-1" aria-hidden="true" />}
      </label>
      <div className="form-text mt-0" id={`${id}-hint`}>
        {description}
      </div>
    </div>
  );
}
