import type { ReactNode } from 'react';

/** A label over its control (which carries `id`), in a block with the given classes. */
export function LabelledControl({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}
