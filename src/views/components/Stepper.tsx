import { Check } from 'lucide-react';
import { cx } from '../utils/cx';
import styles from './Stepper.module.css';

/** The charity sign-up's steps (spec §2.3 Signup). */
export const CHARITY_SIGNUP_STEPS = [
  'Create Account',
  'Charity/Organization Details',
  'Grow Audience',
] as const;

export interface StepperProps {
  steps?: readonly string[];
  /** Index of the current step (0 = the first). */
  current?: number;
  /** The list's accessible name; defaults to 'Sign-up steps'. */
  label?: string;
  className?: string;
}

/**
 * A row of numbered steps: done steps show a tick, the current one is aria-current="step", and
 * each step says in words where it stands ('completed', 'current', 'upcoming').
 */
export function Stepper({
  steps = CHARITY_SIGNUP_STEPS,
  current = 0,
  label = 'Sign-up steps',
  className,
}: StepperProps) {
  return (
    <nav aria-label={label} className={cx(styles.stepper, className)}>
      <ol className={styles.list}>
        {steps.map((step, index) => {
          const status = index < current ? 'completed' : index === current ? 'current' : 'upcoming';
          return (
            <li
              key={step}
              className={cx(styles.step, styles[status])}
              aria-current={status === 'current' ? 'step' : undefined}
            >
              <span className={styles.marker} aria-hidden="true">
                {status === 'completed' ? <Check focusable="false" size={16} /> : index + 1}
              </span>
              <span className={styles.name}>{step}</span>
              <span className="visually-hidden">{`, step ${index + 1} of ${steps.length}, ${status}`}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
