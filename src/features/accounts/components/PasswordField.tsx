import { useState, type ReactNode } from 'react';
import { Field } from '../../shell/components/Field.tsx';
import type { IslandTranslate } from '../../shell/island-i18n.ts';
import { PASSWORD_MIN_LENGTH } from '../accounts.schemas.ts';

export interface PasswordFieldProps {
  label: string;
  hint?: ReactNode;
  /** `new-password` or `current-password` (the default): password managers fill and save by it. */
  autoComplete?: 'new-password' | 'current-password';
  /** Left out, the input is uncontrolled: it keeps what was typed before the island ran. */
  value?: string;
  onChange?: (value: string) => void;
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
  autoComplete = 'current-password',
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
      onChange={onChange && ((e) => onChange(e.target.value))}
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

/** A new password, with the rule it must follow ("at least 8 characters") as its hint. */
export function NewPasswordField({
  label,
  ...props
}: Omit<PasswordFieldProps, 'label' | 'hint' | 'autoComplete'> & { label?: string }) {
  return (
    <PasswordField
      {...props}
      label={label ?? props.t('reset.new_password')}
      hint={props.t('signup.password_hint', { password_min: PASSWORD_MIN_LENGTH })}
      autoComplete="new-password"
    />
  );
}
