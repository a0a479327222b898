import { fromPromise } from 'xstate';
import { userAvatarUploadInput } from '../../machines/avatarUploadMachine';
import { createAvatarUpload } from '../../shared/avatarUploadActors';
import { type FlowEntryFactory, signedInUser } from '../../shared/flow';
import { createTenantsApi } from '../../services/api/tenants';
import { createTopicsApi } from '../../services/api/topics';
import type { OnboardingActors } from './onboarding.flow';
import { onboardingMachine } from './onboardingMachine';
import { OnboardingScreen } from './OnboardingScreen';

const entry: FlowEntryFactory<undefined, OnboardingActors> = (services) => {
  const topics = createTopicsApi(services.http);
  const tenants = createTenantsApi(services.http);
  const onboarding = onboardingMachine.provide({
    actors: {
      avatarUpload: createAvatarUpload(services),
      loadTopics: fromPromise(({ signal }) => topics.list({ signal })),
      loadChosenTopics: fromPromise(({ input, signal }) =>
        topics.chosenIds(input.userId, { signal }),
      ),
      saveTopics: fromPromise(({ input }) => topics.save(input.userId, input.topicIds)),
      completeOnboarding: fromPromise(({ input }) =>
        tenants.setIsOnboarding(input.tenantId, false),
      ),
    },
    actions: {
      storeStep: (_, { userId, step }) => services.storage.onboardingStep.set(userId, step),
    },
  });
  return {
    start: () => {
      // The app runs this flow only for a signed-in person whose organisation is onboarding.
      const user = signedInUser(services, 'Onboarding');
      const userId = user.id;
      return {
        onboarding: {
          logic: onboarding,
          input: {
            userId,
            tenantId: user.currentTenant.id,
            step: services.storage.onboardingStep.get(userId),
            avatar: userAvatarUploadInput(user),
          },
        },
      };
    },
    Screen: OnboardingScreen,
  };
};

export default entry;
