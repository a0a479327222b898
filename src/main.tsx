import './views/styles/globalStyles';
import { afterScreenPainted } from './app/afterScreenPainted';
import { LANDING_SHELL_ID } from './app/landingShell/shellDom';

/**
 * Start-up runs in six tasks, not one: the browser gets the main thread back between them
 * (issue 4: no task over 50 ms). Each step is a chunk of its own (vite.config.ts), preloaded by
 * index.html so the network does not wait on the steps; the build's budget counts them all.
 *
 * 1. the libraries of the statecharts and services (xstate, superstruct);
 * 2. the statecharts and services;
 * 3. the root actor starts (its configuration request goes out while the rest loads);
 * 4. React;
 * 5. the screens;
 * 6. the first render, as a transition so that React renders it in slices.
 */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs one step, then yields. Each step is a User Timing measure ('start:libs', ...), so the
 * browser's performance panel, and bench:feed's long-task listing, can say which step a task was.
 */
async function step<T>(name: string, run: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  performance.measure(`start:${name}`, { start: started, end: performance.now() });
  await yieldToMain();
  return result;
}

/**
 * The steps, in an async function rather than at the module's top level: with a top-level await
 * in the entry, Rolldown gives each dynamic import below a proxy chunk of its own (a file that
 * only re-exports from the step's chunk), which the browser must fetch as well: five more
 * requests before the first render. Without it, each import loads its step's chunk directly.
 */
async function start(): Promise<void> {
  // The page of `/` shows its start-up shell from the HTML (src/app/landingShell/shellDom.ts): the
  // steps below wait until the browser has presented it (at most 300 ms), so that it is painted
  // before any of the app's code runs, as it would be on a slow link, where the chunks arrive
  // after the page. Without a shell, they start at once.
  if (document.getElementById(LANDING_SHELL_ID)?.hasChildNodes()) {
    await new Promise<void>((resolve) => {
      afterScreenPainted(resolve, { since: 0, fallbackMs: 300 });
    });
  }
  // The 'libs' chunk: everything start.ts imports from node_modules (xstate, superstruct...);
  // importing superstruct, one module of it, evaluates all of it.
  await step('libs', () => import('superstruct'));
  const { startApp } = await step('statecharts', () => import('./app/start'));
  const runtime = await step('root actor', () => startApp());
  await step('react', () => import('react-dom/client'));
  const { mountApp } = await step('screens', () => import('./app/mount'));
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // The render itself is a transition: React renders it in slices after this step.
  await step('first render', () => mountApp(root, runtime));
}

void start();
