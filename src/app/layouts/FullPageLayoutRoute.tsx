import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { FullPageLayoutView } from '../../views/layouts/FullPageLayoutView';

/** The full-page layout: a back button (to the previous page, or / when there is none). */
export function FullPageLayoutRoute({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const onBack = () => {
    if (window.history.length > 1) window.history.back();
    else navigate('/');
  };
  return <FullPageLayoutView onBack={onBack}>{children}</FullPageLayoutView>;
}
