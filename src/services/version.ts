/**
 * Client version checks (spec §5 last line, §7.1): a server header `x-client-version`
 * newer than this client's version sets a reload flag.
 */

/** One dotted part as a number: digits only, anything else counts as 0. */
function part(value: string | undefined): number {
  if (value === undefined) return 0;
  const trimmed = value.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : 0;
}

/**
 * Dotted-number comparison: `'1.0.10' > '1.0.9'`, `'1.1' > '1.0.1'`; missing parts are 0 and
 * non-numeric parts count as 0. Returns -1, 0 or 1 (a < b, a = b, a > b).
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const left = a.split('.');
  const right = b.split('.');
  const length = Math.max(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const difference = part(left[index]) - part(right[index]);
    if (difference !== 0) return difference > 0 ? 1 : -1;
  }
  return 0;
}

/** True when `serverVersion` is strictly newer than `clientVersion`. */
export function isNewerVersion(serverVersion: string, clientVersion: string): boolean {
  return compareVersions(serverVersion, clientVersion) > 0;
}

/** "A newer client exists: reload when convenient." Set by the transport, read by the app. */
export interface ReloadFlag {
  set(): void;
  isSet(): boolean;
  clear(): void;
  /** Called once each time the flag goes from clear to set; returns an unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createReloadFlag(): ReloadFlag {
  let flagged = false;
  const listeners = new Set<() => void>();
  return {
    set() {
      if (flagged) return;
      flagged = true;
      for (const listener of [...listeners]) listener();
    },
    isSet: () => flagged,
    clear() {
      flagged = false;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
