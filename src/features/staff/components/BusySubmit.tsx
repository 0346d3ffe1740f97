import type { ReactNode } from 'react';

/**
 * A console form's submit button: while the form is being sent it cannot be pressed again and
 * says so (`busyText`) instead of its label.
 */
export function BusySubmit({
  busy,
  busyText,
  className = 'btn btn-primary',
  disabled,
  children,
}: {
  busy: boolean;
  busyText: string;
  className?: string;
  /** Other reasons to switch it off (nothing to send yet). */
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={busy || disabled}>
      {busy ? busyText : children}
    </button>
  );
}
