import { FictionalIcon } from '../../shell/components/FictionalIcon.tsx';
import type { FictionalLabel } from './labels.ts';

/** The label every fictional profile carries wherever it is shown; it cannot be switched off. */
export function FictionalBadge({ fictional }: { fictional: FictionalLabel }) {
  return (
    <span className="badge badge-fictional" title={fictional.warning}>
      <FictionalIcon icon={fictional.icon} /> {fictional.label}
    </span>
  );
}

/** The badge with the site's warning beside it: the line under a fictional profile's name or photo. */
export function FictionalNote({ fictional, className }: { fictional: FictionalLabel; className: string }) {
  return (
    <p className={className}>
      <FictionalBadge fictional={fictional} /> {fictional.warning}
    </p>
  );
}
