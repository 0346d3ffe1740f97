import { Field, type FieldProps } from '../../shell/components/Field.tsx';

/**
 * An e-mail address field: the e-mail keyboard, no spell checking, and the autocomplete token
 * that tells password managers whether it is the login name (`username`) or an address.
 */
export function EmailField(
  props: Omit<FieldProps, 'name' | 'type'> & { autoComplete: 'username' | 'email' },
) {
  return <Field {...props} name="email" type="email" inputMode="email" spellCheck={false} required />;
}
