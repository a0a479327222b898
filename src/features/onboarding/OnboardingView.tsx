import { Check, HandHeart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../views/components/Alert';
import { Button } from '../../views/components/Button';
import { LoadingIndicator } from '../../views/components/LoadingIndicator';
import { Stepper } from '../../views/components/Stepper';
import { cx } from '../../views/utils/cx';
import auth from '../../views/layouts/AuthScreen.module.css';
import styles from './OnboardingView.module.css';

/** The three steps a person sees (spec §2.3 Onboarding: steps 2, 3 and 4). */
export const ONBOARDING_STEP_NAMES = ['Topics', 'Profile photo', 'Welcome'] as const;

export interface OnboardingAlert {
  title: string;
  lines: readonly string[];
}

export interface OnboardingTopic {
  id: number;
  name: string;
  chosen: boolean;
}

export interface OnboardingTopicsStepProps {
  topics: readonly OnboardingTopic[];
  /** The save button: 'Choose at least 3 Topics' (disabled) or 'Select these N topics'. */
  button: { label: string; disabled: boolean };
  saving: boolean;
  canToggle: boolean;
  alert: OnboardingAlert | null;
  onToggle(topicId: number): void;
  onSave(): void;
}

export interface OnboardingPhotoStepProps {
  /** The avatar upload widget. */
  widget: ReactNode;
  /** Next once a picture is saved; Skip otherwise. */
  hasPhoto: boolean;
  /** While a picture uploads, moving on waits. */
  busy: boolean;
  onNext(): void;
  onSkip(): void;
}

export interface OnboardingWelcomeStepProps {
  completing: boolean;
  error: string | null;
  onStart(): void;
}

export type OnboardingViewProps =
  | { kind: 'loading' }
  | { kind: 'loadFailed'; alert: OnboardingAlert; onRetry(): void }
  | ({ kind: 'topics' } & OnboardingTopicsStepProps)
  | ({ kind: 'photo' } & OnboardingPhotoStepProps)
  | ({ kind: 'welcome' } & OnboardingWelcomeStepProps);

const STEP_INDEX = { topics: 0, photo: 1, welcome: 2 } as const;

function StepFrame({
  current,
  title,
  lead,
  children,
}: {
  current: number;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <div className={auth.screen}>
      <section className={cx(auth.card, auth.wide)} aria-labelledby="onboarding-title">
        <Stepper steps={ONBOARDING_STEP_NAMES} current={current} label="Onboarding steps" />
        <header className={auth.header}>
          <h1 id="onboarding-title" className={auth.title} tabIndex={-1}>
            {title}
          </h1>
          <p className={auth.lead}>{lead}</p>
        </header>
        {children}
      </section>
    </div>
  );
}

function TopicsStep(props: OnboardingTopicsStepProps) {
  const { topics, button, saving, canToggle, alert, onToggle, onSave } = props;
  return (
    <StepFrame
      current={STEP_INDEX.topics}
      title="What do you care about?"
      lead="Choose the causes you want to see and support. You can pick as many as you like."
    >
      {alert ? <Alert level="Danger" title={alert.title} messages={alert.lines} /> : null}
      <ul className={styles.topics} aria-label="Topics">
        {topics.map((topic) => (
          <li key={topic.id}>
            <button
              type="button"
              className={cx(styles.topic, topic.chosen && styles.chosen)}
              aria-pressed={topic.chosen}
              aria-disabled={!canToggle || undefined}
              onClick={() => {
                if (canToggle) onToggle(topic.id);
              }}
            >
              <span className={styles.tick} aria-hidden="true">
                {topic.chosen ? <Check size={16} focusable="false" /> : null}
              </span>
              {topic.name}
            </button>
          </li>
        ))}
      </ul>
      <Button
        fullWidth
        size="lg"
        disabled={button.disabled && !saving}
        busy={saving}
        busyText="Saving..."
        onClick={onSave}
      >
        {button.label}
      </Button>
    </StepFrame>
  );
}

function PhotoStep({ widget, hasPhoto, busy, onNext, onSkip }: OnboardingPhotoStepProps) {
  return (
    <StepFrame
      current={STEP_INDEX.photo}
      title="Add a profile photo"
      lead="A face helps supporters recognise you. You can add or change it later in your profile."
    >
      <div className={styles.photo}>{widget}</div>
      <div className={styles.actions}>
        {hasPhoto ? (
          <Button fullWidth size="lg" disabled={busy} onClick={onNext}>
            Next
          </Button>
        ) : (
          <Button fullWidth size="lg" variant="secondary" disabled={busy} onClick={onSkip}>
            Skip
          </Button>
        )}
      </div>
    </StepFrame>
  );
}

function WelcomeStep({ completing, error, onStart }: OnboardingWelcomeStepProps) {
  return (
    <StepFrame
      current={STEP_INDEX.welcome}
      title="Welcome to Givedrop"
      lead="You are all set. Discover Drops and Posts from the causes you chose, and share your own."
    >
      <div className={styles.welcome} aria-hidden="true">
        <HandHeart size={56} focusable="false" />
      </div>
      {error ? <Alert level="Danger" messages={[error]} /> : null}
      <Button fullWidth size="lg" busy={completing} busyText="Starting..." onClick={onStart}>
        Start Giving
      </Button>
    </StepFrame>
  );
}

/** Onboarding, /onboarding (spec §2.3): step 2 topics, step 3 profile photo, step 4 welcome. */
export function OnboardingView(props: OnboardingViewProps) {
  switch (props.kind) {
    case 'loading':
      return <LoadingIndicator />;
    case 'loadFailed':
      return (
        <div className={auth.screen}>
          <div className={auth.card}>
            <Alert level="Danger" title={props.alert.title} messages={props.alert.lines}>
              <Button variant="secondary" onClick={props.onRetry}>
                Reload
              </Button>
            </Alert>
          </div>
        </div>
      );
    case 'topics':
      return <TopicsStep {...props} />;
    case 'photo':
      return <PhotoStep {...props} />;
    case 'welcome':
      return <WelcomeStep {...props} />;
  }
}
