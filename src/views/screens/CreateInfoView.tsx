import { ChevronRight, Droplet, PenLine } from 'lucide-react';
import { Link } from 'wouter';
import styles from './StartSignupView.module.css';
import auth from './AuthScreen.module.css';

export type CreateInfoViewProps = Record<string, never>;

const choices = [
  {
    href: '/create-drop',
    title: 'New Drop',
    text: 'A time-limited post linked to activities, with exclusive content for a charitable event or initiative.',
    Icon: Droplet,
  },
  {
    href: '/create-post',
    title: 'New Post',
    text: 'Share a message, a link or an image with your followers.',
    Icon: PenLine,
  },
] as const;

/** Create info, /create-info (spec §2.3): choose New Drop (/create-drop) or New Post (/create-post). */
export function CreateInfoView() {
  return (
    <div className={auth.screen}>
      <div className={`${auth.card} ${auth.wide}`}>
        <header className={auth.header}>
          <h1 className={auth.title}>Create</h1>
          <p className={auth.lead}>What would you like to create?</p>
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
      </div>
    </div>
  );
}
