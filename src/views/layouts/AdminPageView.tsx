import { AccountPanel } from './AccountPanel';

export interface AdminPageViewProps {
  title: string;
  /** The page's one paragraph. */
  text: string;
}

/**
 * A page of the admin area with a title and one paragraph: the overview (/admin) and the
 * sections still to come (spec §2.3 Admin: Email Templates and Reports say 'Coming soon').
 */
export function AdminPageView({ title, text }: AdminPageViewProps) {
  return (
    <AccountPanel title={title}>
      <p>{text}</p>
    </AccountPanel>
  );
}

/** Spec §2.3 Admin: what Email Templates and Reports say. */
export const COMING_SOON = 'Coming soon';
