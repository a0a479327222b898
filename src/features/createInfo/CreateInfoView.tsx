import { Droplet, PenLine } from 'lucide-react';
import { ChoiceCardList } from '../../views/components/ChoiceCardList';
import type { ChoiceCard } from '../../views/components/ChoiceCardList';
import auth from '../../views/layouts/AuthScreen.module.css';

export type CreateInfoViewProps = Record<string, never>;

const choices: readonly ChoiceCard[] = [
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
];

/** Create info, /create-info (spec §2.3): choose New Drop (/create-drop) or New Post (/create-post). */
export function CreateInfoView() {
  return (
    <div className={auth.screen}>
      <div className={`${auth.card} ${auth.wide}`}>
        <header className={auth.header}>
          <h1 className={auth.title}>Create</h1>
          <p className={auth.lead}>What would you like to create?</p>
        </header>
        <ChoiceCardList choices={choices} />
      </div>
    </div>
  );
}
