/**
 * Placeholder for an implementation a machine declares by name in `setup()`.
 * The composition root (src/app) provides the real one; tests provide fakes.
 */
export function notProvided(name: string): never {
  throw new Error(`"${name}" must be provided with machine.provide() (see src/app)`);
}
