import { Building2, ChevronRight, HandHeart } from 'lucide-react';
import { Link } from 'wouter';
import styles from './StartSignupView.module.css';
import auth from './AuthScreen.module.css';

export type StartSignupViewProps = Record<string, never>;

const choices = [
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
] as const;

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
        <ul className={styles.choices}>
          {choices.map(({ href, title, text, Icon }) => (
            <li key={href}>
              <Link href={href} className={styles.choice}>
                <span className={styles.icon}>
                  <Icon aria-hidden="true" focusable="false" size={28} />
                </span>
                <span className={styles.body}>
                  <span className={styles.choiceTitle}>{title}</span>
                  <span className={styles.choiceText}>{text}</span>
                </span>
                <ChevronRight
                  aria-hidden="true"
                  focusable="false"
                  size={20}
                  className={styles.chevron}
                />
              </Link>
            </li>
          ))}
        </ul>
        <p className={auth.links}>
          <span>
            Already have an account? <Link href="/login">Log in</Link>
          </span>
        </p>
      </div>
    </div>
  );
}
