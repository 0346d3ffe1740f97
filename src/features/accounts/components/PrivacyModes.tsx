import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { SwitchField } from '../../shell/components/SwitchField.tsx';
import { islandTranslator } from '../../shell/island-i18n.ts';
import { toast } from '../../shell/toasts.ts';
import { requestErrorMessage } from '../../shell/form.ts';
import { useForm } from '../../shell/use-form.ts';
import { setUser } from '../accounts.store.ts';
import type { SettingsIslandProps } from './ChangeEmailForm.tsx';
import { useUser } from './use-user.ts';

const MODES = ['invisible', 'private', 'public_profile'] as const;
type Mode = (typeof MODES)[number];
type Modes = Partial<Record<Mode, boolean>>;

/**
 * Spec §6 privacy modes, each a switch that saves at once: invisible (hidden from search,
 * messages and likes), private (seen only by members one liked or messaged), and the consent to
 * appear on the site's public pages (off until the member switches it on). A switch that
 * could not be saved flips back and says why. A switch flipped before the island ran is saved
 * when it does.
 */
export default function PrivacyModes({ user: initialUser, messages }: Omit<SettingsIslandProps, 'minAge'>) {
  const user = useUser(initialUser);
  const t = islandTranslator(messages);
  const [shown, setShown] = useState<Record<Mode, boolean>>({
    invisible: user.invisible,
    private: user.private,
    public_profile: user.public_profile,
  });
  const [saving, setSaving] = useState<Modes>({});
  const form = useForm({
    failureMessage: (error) => requestErrorMessage(error, t),
    read: (data): Modes => Object.fromEntries(MODES.map((mode) => [mode, data.has(mode)])),
    adopt: (values) => {
      const flipped = MODES.filter((mode) => values[mode] !== shown[mode]);
      if (flipped.length) change(Object.fromEntries(flipped.map((mode) => [mode, values[mode]])));
    },
    send: (modes) => api('PUT /api/account.php', modes),
    report: (message) => toast(message, { closeLabel: t('toast.close') }),
    done: ({ user: saved }, modes) => {
      if (saved) setUser(saved);
      if (saved)
        setShown({
          invisible: saved.invisible,
          private: saved.private,
          public_profile: saved.public_profile,
        });
      for (const [mode, on] of Object.entries(modes))
        toast(t(on ? `settings.${mode as Mode}_on` : `settings.${mode as Mode}_off`), {
          variant: 'success',
          closeLabel: t('toast.close'),
        });
    },
  });

  const change = (modes: Modes) => {
    const before = shown;
    setShown({ ...shown, ...modes });
    setSaving(modes);
    void form.submit(modes).then((saved) => {
      if (!saved) setShown(before);
      setSaving({});
    });
  };

  return (
    <form {...form.props}>
      {MODES.map((mode) => (
        <SwitchField
          key={mode}
          className="mb-3"
          name={mode}
          label={t(`settings.${mode}`)}
          hint={t(`settings.${mode}_hint`)}
          checked={shown[mode]}
          saving={saving[mode] !== undefined}
          disabled={form.busy}
          onChange={(on) => change({ [mode]: on })}
        />
      ))}
    </form>
  );
}
