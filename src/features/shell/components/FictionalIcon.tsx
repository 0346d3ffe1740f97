import { fictionalIconShape } from '../fictional-icon.ts';

/**
 * The fictional-profile marker, drawn (never an emoji, which shows as a box without an emoji
 * font). Decorative: the label's words beside it say what it means.
 */
export function FictionalIcon({ icon }: { icon: string }) {
  return (
    <svg
      className="fictional-icon"
      viewBox="0 0 24 24"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" fillRule="evenodd" d={fictionalIconShape(icon).path} />
    </svg>
  );
}
