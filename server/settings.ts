/**
 * Reading settings from the environment: the core's (server/config.ts) and each area's
 * (server/area.ts). A malformed value throws {@link ConfigError}: the server refuses to start.
 */
export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? fallback : value;
}

export function optionalText(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

export function positiveInteger(env: Env, name: string, fallback: number): number {
  const raw = optionalText(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw new ConfigError(`${name} must be a positive whole number, got '${raw}'.`);
  }
  return Number(raw);
}

export function wholeNumber(env: Env, name: string, fallback: number): number {
  const raw = optionalText(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw new ConfigError(`${name} must be a whole number, got '${raw}'.`);
  }
  return Number(raw);
}

export function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = optionalText(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got '${raw}'.`);
}
