import type { EstablishedSession } from './sessionMachine';

/**
 * The output of a flow that ends by handing a session to the app (login, signup, third-party
 * sign-in, an accepted invitation): the session it reached its final state with. Reaching the
 * final state without one is a bug of the machine, named after it.
 */
export const sessionOutput =
  (machine: string) =>
  ({ context }: { context: { session: EstablishedSession | null } }): EstablishedSession => {
    if (!context.session) throw new Error(`${machine} finished without a session`);
    return context.session;
  };
