import type { ReactNode } from 'react';
import { useHydrated } from '../../shell/use-form.ts';

/**
 * A console form's submit button: while the form is being sent it cannot be pressed again and,
 * given `busyText`, says so instead of its label. It is off until the island runs: before, a
 * press would post the form to the page itself and lose what was typed.
 */
export function BusySubmit({
  busy = false,
  busyText,
  className = 'btn btn-primary',
  disabled,
  children,
}: {
  busy?: boolean;
  busyText?: string;
  className?: string;
  /** Other reasons to switch it off (nothing to send yet). */
  disabled?: boolean;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className={className} disabled={busy || disabled || !hydrated}>
      {busy && busyText ? busyText : children}
    </button>
  );
}
