/**
 * Renders Mermaid sources to SVG (architecture.md §8): Mermaid with the ELK layout
 * (@mermaid-js/layout-elk), in Debian's Chromium driven by Playwright — one browser, one page,
 * many renders. The page and its scripts are served from node_modules through Playwright's
 * request routing on a made-up origin, so nothing is fetched from the network and ES modules
 * load (Chromium refuses module scripts from file:// pages).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';
import { chromiumArgs } from '../playwright.config';

const ORIGIN = 'http://statecharts.render.invalid';
const MODULES = path.resolve('node_modules');

const version = (pkg: string) =>
  (JSON.parse(readFileSync(path.join(MODULES, pkg, 'package.json'), 'utf8')) as { version: string })
    .version;

/**
 * The hash an SVG carries: of its Mermaid source, the renderer's page (configuration and theme)
 * and the versions of Mermaid and ELK — what decides the picture, not the fonts of the machine
 * that runs the check.
 */
/** Raised when the processing of a rendered SVG changes, so every picture is rendered again. */
const RENDERER_REVISION = 2;

export function sourceHash(source: string): string {
  return createHash('sha256')
    .update(
      `${source}\n${PAGE}\n${RENDERER_REVISION}\n${version('mermaid')}\n${version('@mermaid-js/layout-elk')}`,
    )
    .digest('hex');
}

/**
 * The ELK settings, chosen by rendering the widest machines with each strategy and looking at
 * them (2026-11-29): breaking cycles in the order the machine declares its states puts the
 * initial state on top and the flow running down (the default greedy breaking drew the users
 * machine bottom-up, 3,217 px wide); network-simplex placement and merged edges into a state many
 * transitions lead back to keep the pictures narrow (users 3,217 → 1,946 px, session 2,010 →
 * 1,261 px) with the labels apart.
 */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"></head><body>
<script type="module">
import mermaid from '/mermaid/dist/mermaid.esm.min.mjs';
import elkLayouts from '/@mermaid-js/layout-elk/dist/mermaid-layout-elk.esm.min.mjs';
mermaid.registerLayoutLoaders(elkLayouts);
mermaid.initialize({
  startOnLoad: false,
  deterministicIds: true,
  securityLevel: 'strict',
  layout: 'elk',
  theme: 'base',
  themeVariables: {
    fontFamily: 'DejaVu Sans, Verdana, Arial, sans-serif',
    fontSize: '14px',
    primaryColor: '#eef4fb',
    primaryBorderColor: '#4a6a8a',
    primaryTextColor: '#1d2733',
    lineColor: '#4a5866',
    secondaryColor: '#f6f8fa',
    tertiaryColor: '#ffffff',
  },
  elk: { mergeEdges: true, nodePlacementStrategy: 'NETWORK_SIMPLEX', cycleBreakingStrategy: 'MODEL_ORDER' },
  state: { useMaxWidth: false },
});
// Mermaid returns HTML markup (<br> in labels); an .svg file must be XML.
// Mermaid names parallel regions' dividers with Math.random: seeded per picture, the same
// source gives the same bytes.
window.renderMermaid = async (id, source) => {
  let seed = [...id].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261);
  Math.random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const holder = document.createElement('div');
  holder.innerHTML = (await mermaid.render(id, source)).svg;
  return new XMLSerializer().serializeToString(holder.firstElementChild);
};
window.mermaidReady = true;
</script></body></html>`;

/** Renders each source (by name) to an SVG string; `id` seeds Mermaid's element ids. */
/** How many pages render at once (each in its own browser context: its own renderer process). */
const WORKERS = Math.max(1, Math.min(3, availableParallelism()));

/** Renders each source (by name) to an SVG string; the name seeds Mermaid's element ids. */
export async function renderSvgs(sources: Map<string, string>): Promise<Map<string, string>> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const queue = [...sources];
    const out = new Map<string, string>();
    const errors: string[] = [];
    const worker = async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.route('**/*', async (route) => {
        const url = new URL(route.request().url());
        if (url.origin !== ORIGIN) return route.abort();
        if (url.pathname === '/') return route.fulfill({ contentType: 'text/html', body: PAGE });
        const file = path.join(MODULES, path.normalize(decodeURIComponent(url.pathname)));
        if (!file.startsWith(MODULES + path.sep)) return route.abort();
        return route.fulfill({ contentType: 'text/javascript', body: readFileSync(file) });
      });
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(`${ORIGIN}/`);
      await page.waitForFunction(() => (window as { mermaidReady?: boolean }).mermaidReady);
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [name, source] = next;
        const svg = await page
          .evaluate(
            ([id, src]) =>
              (
                window as unknown as { renderMermaid: (i: string, s: string) => Promise<string> }
              ).renderMermaid(id, src),
            [name.replace(/\.svg$/, '').replace(/[^A-Za-z0-9_-]/g, '_'), source] as const,
          )
          .catch((error: unknown) => {
            throw new Error(`Rendering ${name} failed: ${String(error).split('\n')[0]}`);
          });
        // Parallel regions' ids also carry a counter that runs across renders on one page:
        // numbered here in order of appearance, the picture does not depend on the render order.
        const regions = new Map<string, string>();
        const numbered = svg.replace(/state-id-[a-z0-9]+-\d+/g, (id) => {
          if (!regions.has(id)) regions.set(id, `state-region-${regions.size + 1}`);
          return regions.get(id) ?? id;
        });
        out.set(name, numbered);
      }
    };
    await Promise.all(Array.from({ length: Math.min(WORKERS, queue.length) }, worker));
    if (errors.length) throw new Error(errors.join('\n'));
    // In the order asked, whatever order the pages finished in.
    return new Map([...sources.keys()].map((name) => [name, out.get(name) ?? '']));
  } finally {
    await browser.close();
  }
}
