/**
 * npm run dev: the API server (tsx, restarted by hand) on API_PORT (default 3000) plus Vite with
 * hot module replacement on http://localhost:5173, proxying /api to the server.
 * Open http://localhost:5173/?inspect to watch the actor tree in the Stately inspector.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const apiPort = Number(process.env.API_PORT ?? process.env.PORT ?? 3000);
const api = spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: String(apiPort), STATIC_DIR: '', DEV_MODE: '1' },
});

const vite = await createServer({
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
});
await vite.listen();
vite.printUrls();
console.log('  ➜  Inspector: add ?inspect to the URL (or set VITE_INSPECT=1)');

const stop = () => {
  api.kill('SIGTERM');
  void vite.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  if (code !== null && code !== 0) console.error(`API server exited with ${code}`);
});
