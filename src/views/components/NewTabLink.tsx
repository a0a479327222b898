import type { ReactNode } from 'react';

/** A link that opens in a new tab, and says so to a screen reader (terms, privacy, support). */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noreferrer">
      {children} <span className="visually-hidden">(opens in a new tab)</span>
    </a>
  );
}
