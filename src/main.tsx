import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './views/styles/globalStyles';
import { App } from './app/App';
import { startApp } from './app/start';

const runtime = await startApp();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App runtime={runtime} />
  </StrictMode>,
);
