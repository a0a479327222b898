/**
 * npm run dev: Vite with hot module replacement on http://localhost:5173 (VITE_PORT; the next
 * free port when it is taken) plus the API server (tsx watch, restarted on change) on API_PORT
 * (default 3000), API only (STATIC_DIR=''), in dev mode (DEV_MODE=1).
 *
 * Vite serves the SPA and proxies to the API server everything the SPA asks of it: the API (the
 * path of API_BASE_URL, '/api', which also holds /api/configuration and the development outbox)
 * and the media service (the path of MEDIA_SERVICE_API_BASE_URL, '/media': images and uploads).
 * The API server is told SITE_URL = the Vite origin (unless SITE_URL is set), so the links it
 * mails (activation, email confirmation, password reset) open the SPA.
 *
 * Open http://localhost:5173/?inspect to watch the actor tree in the Stately inspector.
 */
import { spawn } from 'node:child_process';
import { createServer, type ProxyOptions } from 'vite';
import { CONFIGURATION_PATH } from '../contract/paths';
import { ConfigError, loadConfig, type ServerConfig } from '../server/config';

const apiPort = Number(process.env.API_PORT ?? process.env.PORT ?? 3000);
const apiEnv: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(apiPort),
  STATIC_DIR: '',
  DEV_MODE: '1',
};

/** The API server's configuration, read as it will read it (for the paths to proxy). */
function apiConfig(): ServerConfig {
  try {
    return loadConfig(apiEnv);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The path prefixes the API server answers: the API, the configuration, the media service. */
function apiPrefixes(config: ServerConfig): string[] {
  const configurationPrefix = CONFIGURATION_PATH.slice(0, CONFIGURATION_PATH.lastIndexOf('/'));
  return [...new Set([config.apiBasePath, configurationPrefix, config.mediaServicePath])];
}

/**
 * Vite's proxy: each prefix to the API server, as a RegExp key so that '/media' does not also
 * catch a path such as '/mediakit'.
 */
function proxyTo(config: ServerConfig, prefixes: string[]): Record<string, ProxyOptions> {
  const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  const target = `http://${host.includes(':') ? `[${host}]` : host}:${apiPort}`;
  return Object.fromEntries(
    prefixes.map((prefix) => [`^${escapeRegExp(prefix)}(/|\\?|$)`, { target, changeOrigin: true }]),
  );
}

const config = apiConfig();
const prefixes = apiPrefixes(config);
const vite = await createServer({
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: proxyTo(config, prefixes),
  },
});
await vite.listen();

// The origin Vite really listens on (the next port when VITE_PORT was taken).
const viteUrl = vite.resolvedUrls?.local[0] ?? `http://localhost:${vite.config.server.port}/`;
const siteUrl = process.env.SITE_URL?.trim() || viteUrl;
const api = spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...apiEnv, SITE_URL: siteUrl },
});

vite.printUrls();
console.log('  ➜  Inspector: add ?inspect to the URL (or set VITE_INSPECT=1)');
console.log(`  ➜  Proxied to the API server on port ${apiPort}: ${prefixes.join(', ')}`);
console.log(`  ➜  Mailed links open ${siteUrl.replace(/\/+$/, '')}`);

const stop = () => {
  api.kill('SIGTERM');
  void vite.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  if (code !== null && code !== 0) console.error(`API server exited with ${code}`);
});
