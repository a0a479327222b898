import './views/styles/globalStyles';

/**
 * Start-up runs in seven tasks, not one: the browser gets the main thread back between them
 * (issue 4: no task over 50 ms). Each step is a chunk of its own (vite.config.ts), preloaded by
 * index.html so the network does not wait on the steps; the build's budget counts them all.
 *
 * 1. the libraries of the statecharts and services (xstate, ky, superstruct);
 * 2. the statecharts and services;
 * 3. the root actor starts (its configuration request goes out while the rest loads);
 * 4. React;
 * 5. the screens;
 * 6. what the first screens need prepared (the date formatter's locale data);
 * 7. the first render, as a transition so that React renders it in slices.
 */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The 'libs' chunk: everything start.ts imports from node_modules (xstate, ky, superstruct...);
// importing ky, whose module has one export, evaluates all of it.
await import('ky');
await yieldToMain();
const { startApp } = await import('./app/start');
await yieldToMain();
const runtime = await startApp();
await yieldToMain();
await import('react-dom/client');
await yieldToMain();
const { mountApp, prepareViews } = await import('./app/mount');
await yieldToMain();
prepareViews();
await yieldToMain();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
mountApp(root, runtime);
