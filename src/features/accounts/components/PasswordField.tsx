import { useState, type ReactNode } from 'react';
import { Field } from '../../shell/components/Field.tsx';
import type { IslandTranslate } from '../../shell/island-i18n.ts';

export interface PasswordFieldProps {
  label: string;
  hint?: ReactNode;
  /** `new-password` or `current-password`: password managers fill and save by it. */
  autoComplete: 'new-password' | 'current-password';
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  t: IslandTranslate;
  name?: string;
}

/**
 * A password input with a show/hide button: seeing what one types beats typing it twice, and
 * password managers still recognise the field by its autocomplete token.
 */
export function PasswordField({
  label,
  hint,
  autoComplete,
  value,
  onChange,
  error,
  t,
  name = 'password',
}: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      label={label}
      hint={hint}
      name={name}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      autoCapitalize="off"
      spellCheck={false}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      required
      addon={
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
        >
          {shown ? t('password.hide') : t('password.show')}
        </button>
      }
    />
  );
}
