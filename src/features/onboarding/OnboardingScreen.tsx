import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import {
  avatarUploadHints,
  selectAvatarBusy,
  selectHasImage,
  type avatarUploadMachine,
} from '../../machines/avatarUploadMachine';
import { AvatarUploadWidget } from '../../shared/AvatarUploadWidget';
import type { FlowScreenProps } from '../../shared/flow';
import type { ActorRefFrom } from 'xstate';
import { OnboardingView } from './OnboardingView';
import type { OnboardingActors } from './onboarding.flow';
import * as chart from './onboardingMachine';

/** Onboarding, /onboarding: the connector of its three steps. */
export function OnboardingScreen({ flow, user }: FlowScreenProps<OnboardingActors>) {
  const ref = flow.onboarding;
  const page = useSelector(ref, chart.selectOnboardingPage);
  const step = useSelector(ref, chart.selectStep);
  const topics = useSelector(ref, chart.selectTopicChoices);
  const button = useSelector(ref, chart.selectTopicsButton);
  const saving = useSelector(ref, chart.selectSavingTopics);
  const canToggle = useSelector(ref, chart.selectCanToggleTopics);
  const saveAlert = useSelector(ref, chart.selectSaveAlert);
  const completing = useSelector(ref, chart.selectCompleting);
  const completeError = useSelector(ref, chart.selectCompleteError);
  useStepFocus(step);

  if (page.kind === 'loadFailed') {
    return (
      <OnboardingView
        kind="loadFailed"
        alert={page.alert}
        onRetry={() => ref.send({ type: 'retry' })}
      />
    );
  }
  if (page.kind === 'topics') {
    return (
      <OnboardingView
        kind="topics"
        topics={topics}
        button={button}
        saving={saving}
        canToggle={canToggle}
        alert={saveAlert}
        onToggle={(topicId) => ref.send({ type: 'topic.toggle', topicId })}
        onSave={() => ref.send({ type: 'topics.save' })}
      />
    );
  }
  if (page.kind === 'photo') {
    return (
      <PhotoStep
        avatarRef={page.avatarRef}
        name={user?.fullName ?? ''}
        color={user?.avatarColor ?? null}
        bgColor={user?.avatarBGColor ?? null}
        onNext={() => ref.send({ type: 'photo.next' })}
        onSkip={() => ref.send({ type: 'photo.skip' })}
      />
    );
  }
  if (page.kind === 'welcome') {
    return (
      <OnboardingView
        kind="welcome"
        completing={completing}
        error={completeError}
        onStart={() => ref.send({ type: 'onboarding.complete' })}
      />
    );
  }
  return <OnboardingView kind="loading" />;
}

/** A new step moves focus to its heading, so keyboard and screen-reader users start there. */
function useStepFocus(step: number | null) {
  const first = useRef(true);
  useEffect(() => {
    if (step === null) return;
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('onboarding-title')?.focus();
  }, [step]);
}

/** Step 3: the avatar widget; Next once a picture shows, Skip while there is none. */
function PhotoStep(props: {
  avatarRef: ActorRefFrom<typeof avatarUploadMachine>;
  name: string;
  color: string | null;
  bgColor: string | null;
  onNext(): void;
  onSkip(): void;
}) {
  const { avatarRef, name, color, bgColor, onNext, onSkip } = props;
  const hasPhoto = useSelector(avatarRef, selectHasImage);
  const busy = useSelector(avatarRef, selectAvatarBusy);
  return (
    <OnboardingView
      kind="photo"
      widget={
        <AvatarUploadWidget
          avatarRef={avatarRef}
          hint={avatarUploadHints.profile}
          name={name}
          color={color}
          bgColor={bgColor}
        />
      }
      hasPhoto={hasPhoto}
      busy={busy}
      onNext={onNext}
      onSkip={onSkip}
    />
  );
}
