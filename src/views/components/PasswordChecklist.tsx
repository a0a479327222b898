import { CircleCheck, CircleDashed } from 'lucide-react';
import { passwordChecks } from '../../../contract/identity';
import type { PasswordChecks } from '../../../contract/identity';
import { cx } from '../utils/cx';
import styles from './PasswordChecklist.module.css';

export interface PasswordChecklistProps {
  password: string;
  confirmPassword: string;
  /** The configuration's minimumPasswordLength (already resolved, e.g. 6 when not configured). */
  minimumLength: number;
  /** Id of the list, so inputs can point at it with aria-describedby. */
  id?: string;
  className?: string;
}

const items: ReadonlyArray<{ key: keyof PasswordChecks; label: (min: number) => string }> = [
  { key: 'minLength', label: (min) => `At least ${min} characters` },
  { key: 'special', label: () => 'A special character' },
  { key: 'number', label: () => 'A number' },
  { key: 'capital', label: () => 'A capital letter' },
  { key: 'match', label: () => 'Passwords match' },
];

/**
 * The live password checklist (spec §2.3 Signup, §5 Change password): minimum length, special
 * character, number, capital letter, passwords match, worked out with the contract's
 * `passwordChecks` as the person types. Each item says 'met' or 'not met' in words (not only by
 * icon and colour); the list is a polite live region, so an item that changes is announced.
 */
export function PasswordChecklist({
  password,
  confirmPassword,
  minimumLength,
  id,
  className,
}: PasswordChecklistProps) {
  const checks = passwordChecks(password, confirmPassword, minimumLength);
  return (
    <div className={cx(styles.checklist, className)}>
      <p className={styles.heading} id={id ? `${id}-heading` : undefined}>
        Your password needs
      </p>
      <ul
        id={id}
        className={styles.list}
        aria-live="polite"
        aria-labelledby={id ? `${id}-heading` : undefined}
      >
        {items.map(({ key, label }) => {
          const met = checks[key];
          const Icon = met ? CircleCheck : CircleDashed;
          return (
            <li
              key={key}
              className={cx(styles.item, met && styles.met)}
              data-check={key}
              data-met={met}
            >
              <Icon aria-hidden="true" focusable="false" size={16} className={styles.icon} />
              <span>{label(minimumLength)}</span>
              <span className="visually-hidden">{met ? ', met' : ', not met'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
