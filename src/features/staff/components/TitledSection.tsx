import type { ReactNode } from 'react';

/** A part of a console page named by its heading: assistive technology reads the heading as its name. */
export function TitledSection({
  id,
  title,
  className,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="h5">
        {title}
      </h2>
      {children}
    </section>
  );
}
