/** One outcome of a guarded call: the state it goes to and the diagram's words for it. */
export interface CallOutcome<Target extends string> {
  target: Target;
  description: string;
}

/**
 * The `invoke` of a state that calls the server once and branches three ways: the named guard
 * holds for the call's output (`yes`), it does not (`no`), or the call failed (`failed`). The
 * email confirmation, reset-password link and handle checks share this shape; the
 * actor and the guard keep their names from the machine's `setup()`.
 */
export function guardedCall<
  const Src extends string,
  const Guard extends string,
  Input,
  Context,
  const Yes extends string,
  const No extends string,
  const Failed extends string,
>(call: {
  src: Src;
  input: (args: { context: Context }) => Input;
  guard: Guard;
  yes: CallOutcome<Yes>;
  no: CallOutcome<No>;
  failed: CallOutcome<Failed>;
}) {
  return {
    id: call.src,
    src: call.src,
    input: call.input,
    onDone: [
      {
        guard: {
          type: call.guard,
          params: <Output>({ event }: { event: { output: Output } }) => event.output,
        },
        ...call.yes,
      },
      call.no,
    ],
    onError: call.failed,
  };
}
