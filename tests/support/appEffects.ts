import { vi } from 'vitest';

/** The app's effects (src/app/appLogic.ts AppEffects) as spies, on jsdom's default origin. */
export function fakeAppEffects() {
  return {
    navigate: vi.fn(),
    loadPage: vi.fn(),
    logError: vi.fn(),
    removeQueryParam: vi.fn(),
    origin: () => 'http://localhost:3000',
  };
}
