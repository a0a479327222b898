import type { ReactNode } from 'react';

/** A link that opens in a new tab, and says so to a screen reader (terms, privacy, support). */
export function NewTabLink({
  href,
  className,
  children,
}: {
  href: string;
  /** A look of its own (linkButtonClass: a row's Download). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="noreferrer" className={className}>
      {children} <span className="visually-hidden">(opens in a new tab)</span>
    </a>
  );
}
