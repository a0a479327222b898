import './views/styles/globalStyles';

/**
 * Start-up runs in five tasks, not one: the browser gets the main thread back between them
 * (issue 4: no task over 50 ms). Each step is a chunk of its own (vite.config.ts), preloaded by
 * index.html so the network does not wait on the steps; the build's budget counts them all.
 *
 * 1. the statecharts and services;
 * 2. the root actor starts (its configuration request goes out while the rest loads);
 * 3. React;
 * 4. the screens;
 * 5. the first render, as a transition so that React renders it in slices.
 */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const { startApp } = await import('./app/start');
await yieldToMain();
const runtime = await startApp();
await yieldToMain();
await import('react-dom/client');
await yieldToMain();
const { mountApp } = await import('./app/mount');
await yieldToMain();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
mountApp(root, runtime);
