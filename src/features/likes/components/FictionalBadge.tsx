import type { FictionalLabel } from './labels.ts';

/** The label every fictional profile carries wherever it is shown; it cannot be switched off. */
export function FictionalBadge({ fictional }: { fictional: FictionalLabel }) {
  return (
    <span className="badge badge-fictional" title={fictional.warning}>
      <span aria-hidden="true">{fictional.icon}</span> {fictional.label}
    </span>
  );
}
