/**
 * The small ⚑ button on a member's card that opens the report dialog. `label` names the member
 * ("Report Anna"): it is the button's accessible name and its tooltip.
 */
export function ReportFlagButton({
  label,
  className,
  onClick,
}: {
  label: string;
  className: string;
  onClick: () => void;
}) {
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
