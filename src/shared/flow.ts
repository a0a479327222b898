import type { ComponentType } from 'react';
import type { ActorRefFrom, AnyStateMachine } from 'xstate';
import type { User } from '../../contract/auth';
import type { Configuration } from '../../contract/configuration';
import type {
  FlowActors,
  FlowActorsStart,
  FlowRoute,
  FlowRouteContext,
  FlowRules,
} from '../machines/flows';
import type { HttpClient } from '../services/http';
import type { AppStorage } from '../services/storage';
import type { ThirdParties } from '../services/thirdParty';

/**
 * src/shared is what several flows share besides views and statecharts: the flow definition
 * (this file), the session hand-over, and the connectors and actors more than one flow mounts.
 *
 * Flows (architecture.md §2, §3): a feature is a folder with a tiny definition
 * (`<flow>.flow.ts`, loaded eagerly: its routes and rules) and a lazy entry (`index.ts`: its
 * machines provided with their real actors, and its Screen). src/app/flowRegistry.ts lists the
 * definitions, one line each; everything else is derived from them.
 */

/** What a flow's entry is given to build its real actors. */
export interface FlowServices {
  /** The one HTTP client: entries build the API groups they call on it. */
  http: HttpClient;
  storage: AppStorage;
  /** The loaded configuration (flows start only after it has loaded). */
  configuration(): Configuration;
  /** The captcha and sign-in adapters, loading since the configuration arrived. */
  thirdParties(): Promise<ThirdParties>;
  /** Where failures that are only logged go. */
  logError(message: string, error: unknown): void;
  /** Removes a query parameter from the address bar without a navigation. */
  removeQueryParam(name: string): void;
  /**
   * A full page navigation (e.g. to the payment provider's checkout or billing portal, which
   * send the browser back to a route of ours).
   */
  loadPage(url: string): void;
  /** This site's origin, for the links the server mails. */
  origin(): string;
  /** The signed-in person as the stored session's token describes them, or null. */
  currentUser(): User | null;
}

/** The running flow's actors, by systemId, as its Screen receives them. */
export type FlowRefs<T extends FlowActors> = { [K in keyof T]: ActorRefFrom<T[K]> };

export interface FlowScreenProps<T extends FlowActors> {
  flow: FlowRefs<T>;
  /** The signed-in user, or null for a visitor. */
  user: User | null;
}

/** A flow's lazy entry, once given the services. */
export interface FlowEntry<TInput, T extends FlowActors> {
  /** The flow's actors, provided with their real implementations. */
  start(input: TInput, session: { signedIn: boolean }): FlowActorsStart<T>;
  /** The connector: selectors to view props, callbacks to events. */
  Screen: ComponentType<FlowScreenProps<T>>;
}

export type FlowEntryFactory<TInput, T extends FlowActors> = (
  services: FlowServices,
) => FlowEntry<TInput, T>;

export interface FlowDefinition<
  T extends FlowActors,
  TInput = undefined,
> extends FlowRules<TInput> {
  /** The flow's code, on demand: `() => import('./index')`. */
  load(): Promise<{ default: FlowEntryFactory<TInput, T> }>;
  /**
   * The flow's own machines, for the diagrams and the path coverage (src/machines holds the
   * shared ones): `() => import('./loginMachine').then((m) => [m.loginMachine])`.
   */
  machines?: () => Promise<readonly AnyStateMachine[]>;
}

/** A screen without actors of its own. */
export type NoActors = Record<never, never>;

/**
 * Declares a flow: `defineFlow<{ login: typeof loginMachine }, LoginInput>({ ... })`. The
 * types name the machines (type-only imports: nothing of theirs is loaded eagerly).
 */
export function defineFlow<T extends FlowActors = NoActors, TInput = undefined>(
  definition: FlowDefinition<T, TInput>,
): FlowDefinition<T, TInput> {
  return definition;
}

/** Any flow definition, as the registry holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFlowDefinition = FlowDefinition<any, any>;

/**
 * A page of the admin area (layout 'admin') with its item in the admin side menu, labelled with
 * the page's title: `adminPage('/admin/countries', 'Countries', 40)`.
 */
export function adminPage(
  path: string,
  title: string,
  order: number,
  more: Pick<FlowRoute, 'endsImpersonation'> = {},
): FlowRoute {
  return { path, layout: 'admin', title, adminMenu: { label: title, order }, ...more };
}

/**
 * Spec §2.1: an auth screen is public, visiting it signs the user out, and whoever signs in while
 * it runs is sent on (to /feed unless the screen says otherwise).
 */
export function authScreen(
  whenSignedIn: NonNullable<FlowRules['whenSignedIn']> = { to: '/feed' },
): Pick<FlowRules, 'access' | 'signsOutOnVisit' | 'whenSignedIn'> {
  return { access: 'public', signsOutOnVisit: true, whenSignedIn };
}

/**
 * Spec §9: the configured minimum password length, 6 when the configuration gives none (the
 * validation layer resolves it again; this is the flows' input, kept out of its bundle).
 */
export function minimumPasswordLengthOf(configuration: FlowRouteContext['configuration']): number {
  return configuration?.minimumPasswordLength ?? 6;
}

/**
 * The input of a screen opened from an emailed link whose key lets the person set a password
 * (/invitation/{key}, /forgotten-password/{key}).
 */
export function emailedKeyInput({ params, configuration }: FlowRouteContext): {
  key: string;
  minimumPasswordLength: number;
} {
  return { key: params.key ?? '', minimumPasswordLength: minimumPasswordLengthOf(configuration) };
}

/**
 * The person a signed-in flow starts for (access 'user', 'admin', 'host' or 'onboarding': the app
 * starts it only then, so nobody signed in is a fault). `flowName` names the flow in the error.
 */
export function signedInUser(services: FlowServices, flowName: string): User {
  const user = services.currentUser();
  if (!user) throw new Error(`${flowName} runs only for a signed-in person`);
  return user;
}

/**
 * A signed-in flow's start, given the person it starts for:
 * `start: startForUser(services, 'Integration', (user) => ({ integration: { logic, input } }))`.
 */
export function startForUser<TInput, T extends FlowActors>(
  services: FlowServices,
  flowName: string,
  start: (user: User, input: TInput) => FlowActorsStart<T>,
): FlowEntry<TInput, T>['start'] {
  return (input) => start(signedInUser(services, flowName), input);
}
