/**
 * An area of the server (server/features/<area>/plugin.ts): one Fastify plugin with its routes,
 * built from the shared core (server/core.ts) and the area's own settings, which it reads from
 * the environment with the helpers of server/settings.ts (a malformed value is a ConfigError,
 * which stops the start like the core's). server/areas.ts lists the areas; buildApp registers
 * each, encapsulated, under its mount point.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Env } from './config';
import type { Core } from './core';

/** Where an area is mounted: under the API's path, the media service's path, or the root. */
export type AreaMount = 'api' | 'media' | 'root';

export interface Area {
  name: string;
  mount: AreaMount;
  /** Reads the area's settings: throws a ConfigError on a malformed value. */
  readSettings: (env: Env) => unknown;
  /** The area's plugin; its settings are read (and checked) when it is built. */
  plugin: (core: Core) => FastifyPluginAsync;
}

export interface AreaDefinition<Settings> {
  name: string;
  /** Default 'api'. */
  mount?: AreaMount;
  /** The area's slice of the environment, parsed. */
  settings?: (env: Env) => Settings;
  register: (core: Core, settings: Settings) => FastifyPluginAsync;
}

export function defineArea<Settings = undefined>(definition: AreaDefinition<Settings>): Area {
  return {
    name: definition.name,
    mount: definition.mount ?? 'api',
    readSettings: (env) => definition.settings?.(env),
    plugin: (core) => definition.register(core, definition.settings?.(core.config.env) as Settings),
  };
}

/** The path an area is registered under. */
export function prefixOf(mount: AreaMount, core: Core): string {
  if (mount === 'api') return core.config.apiBasePath;
  if (mount === 'media') return core.config.mediaServicePath;
  return '';
}

/**
 * Reads every area's settings from `env`, as loadConfig reads the core's: server/main.ts calls it
 * right after loadConfig, so that a malformed value stops the start before the database is opened.
 */
export function checkAreaSettings(areas: readonly Area[], env: Env): void {
  for (const area of areas) area.readSettings(env);
}
