import { Building2, HandHeart } from 'lucide-react';
import { Link } from 'wouter';
import { ChoiceCardList } from '../../views/components/ChoiceCardList';
import type { ChoiceCard } from '../../views/components/ChoiceCardList';
import auth from '../../views/layouts/AuthScreen.module.css';

export type StartSignupViewProps = Record<string, never>;

const choices: readonly ChoiceCard[] = [
  {
    href: '/signup',
    title: 'Fund Raiser / Individual',
    text: 'Raise money for the causes you care about and share them with your followers.',
    Icon: HandHeart,
  },
  {
    href: '/signup-charity',
    title: 'Charity / Organization',
    text: 'Create an account for your charity or organisation and reach new supporters.',
    Icon: Building2,
  },
];

/**
 * Start signup, /start-signup (spec §2.3): choose the account type. Fund Raiser / Individual goes
 * to /signup; Charity / Organization goes to /signup-charity. (Signing out on load is the app's.)
 */
export function StartSignupView() {
  return (
    <div className={auth.screen}>
      <div className={`${auth.card} ${auth.wide}`}>
        <header className={auth.header}>
          <h1 className={auth.title}>Sign Up</h1>
          <p className={auth.lead}>Which kind of account would you like to create?</p>
        </header>
        <ChoiceCardList choices={choices} />
        <p className={auth.links}>
          <span>
            Already have an account? <Link href="/login">Login</Link>
          </span>
        </p>
      </div>
    </div>
  );
}
