import { useEffect } from 'react';

export const SITE_NAME = 'Givedrop';

/** Spec §2.1: page titles are the site name plus the page title. */
export function pageTitle(title?: string): string {
  return title ? `${SITE_NAME} | ${title}` : SITE_NAME;
}

export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
