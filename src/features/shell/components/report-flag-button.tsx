import type { ReactElement } from 'react';

/**
 * The small ⚑ button on a member's card that opens the report dialog. `label` names the member
 * ("Report Anna"): it is the button's accessible name and its tooltip. Called as a function,
 * not rendered as a component: a search renders its cards on the server at every request, and a
 * component would add a render step to each card.
 */
export function reportFlagButton(label: string, className: string, onClick: () => void): ReactElement {
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      title={label}
      data-action="report"
      onClick={onClick}
    >
      <span aria-hidden="true">⚑</span>
    </button>
  );
}
