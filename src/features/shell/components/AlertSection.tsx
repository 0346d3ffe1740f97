import type { HTMLAttributes, ReactNode } from 'react';

export interface AlertSectionProps extends Omit<HTMLAttributes<HTMLElement>, 'title' | 'aria-labelledby'> {
  /** The heading's id: the section is named by its heading for assistive technology. */
  titleId: string;
  /** Bootstrap's alert colour. */
  tone: 'info' | 'warning';
  title: ReactNode;
  /** Classes added to the alert's own (spacing). */
  className?: string | undefined;
  children: ReactNode;
}

/**
 * A member alert drawn by an island (the push offer, switched-off notifications, the activation
 * reminder): one heading markup and naming for all, as `DismissibleAlert.astro` gives the alerts
 * rendered without one.
 */
export function AlertSection({ titleId, tone, title, className, children, ...section }: AlertSectionProps) {
  return (
    <section
      className={`alert alert-${tone}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      {...section}
    >
      <h2 className="h6 alert-heading" id={titleId}>
        {title}
      </h2>
      {children}
    </section>
  );
}
