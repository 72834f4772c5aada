/**
 * Web app benchmark (issue 4): the built `/` served by a started stack, loaded in headless
 * Chromium with a cold cache (a new profile per load).
 *
 *   node --conditions=source --import tsx bench/web/main.ts [--loads 5] [--url http://127.0.0.1:8080]
 *
 * Builds nothing: it runs what `npx tsc -b && npm run build -w @xsd/web` left in services/dist and
 * web/dist (or measures `--url` when given). Prints two figures: the gzipped size of the
 * JavaScript loaded before the first contentful paint (target <= 250 KB) and the median first
 * contentful paint (target < 1 s).
 */
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../web/e2e/support/chromium-binary.js';
import { benchTarget, median } from '../support.js';

const { values } = parseArgs({ options: { loads: { type: 'string', default: '5' }, url: { type: 'string' } } });
const loads = Math.max(1, Number(values.loads));
const JS_BUDGET_BYTES = 250 * 1024;
const FCP_BUDGET_MS = 1_000;

interface LoadResult {
  readonly fcpMs: number;
  /** Script URLs whose response ended before the first contentful paint. */
  readonly scriptsBeforeFcp: readonly string[];
}

/**
 * Runs in the page (as source text: the TypeScript loader's helpers do not exist there): waits for
 * the first contentful paint and lists the scripts whose response ended before it.
 */
const IN_PAGE_MEASURE = `new Promise((resolve) => {
  new PerformanceObserver((list, observer) => {
    const entry = list.getEntriesByName('first-contentful-paint')[0];
    if (!entry) return;
    observer.disconnect();
    const fcp = entry.startTime;
    const scripts = performance.getEntriesByType('resource')
      .filter((r) => new URL(r.name).pathname.endsWith('.js') && r.responseEnd <= fcp)
      .map((r) => r.name);
    resolve({ fcpMs: fcp, scriptsBeforeFcp: scripts });
  }).observe({ type: 'paint', buffered: true });
})`;

async function measureLoad(url: string): Promise<LoadResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(url, { waitUntil: 'load' });
    return (await page.evaluate(IN_PAGE_MEASURE)) as LoadResult;
  } finally {
    await browser.close();
  }
}

const gzipCache = new Map<string, number>();
async function gzippedSize(url: string): Promise<number> {
  const cached = gzipCache.get(url);
  if (cached !== undefined) return cached;
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  const size = gzipSync(body, { level: 9 }).length;
  gzipCache.set(url, size);
  return size;
}


const target = await benchTarget(values.url);
try {
  const base = target.base;
  const url = new URL('/', base).href;
  const results: LoadResult[] = [];
  for (let i = 0; i < loads; i += 1) {
    const result = await measureLoad(url);
    results.push(result);
    process.stdout.write(`load ${i + 1}: FCP ${result.fcpMs.toFixed(0)} ms, ${result.scriptsBeforeFcp.length} script(s) before it\n`);
  }
  // The scripts any load needed before its first paint (the largest set seen).
  const scripts = [...new Set(results.flatMap((r) => r.scriptsBeforeFcp))];
  const sizes = await Promise.all(scripts.map(async (script) => [script, await gzippedSize(script)] as const));
  const worstLoadBytes = Math.max(
    ...results.map((r) => r.scriptsBeforeFcp.reduce((sum, s) => sum + (sizes.find(([name]) => name === s)?.[1] ?? 0), 0)),
  );
  for (const [script, size] of sizes) process.stdout.write(`  ${new URL(script).pathname}  ${(size / 1024).toFixed(1)} KB gzipped\n`);
  const fcp = median(results.map((r) => r.fcpMs));
  const jsOk = worstLoadBytes <= JS_BUDGET_BYTES;
  const fcpOk = fcp < FCP_BUDGET_MS;
  process.stdout.write(
    `\njavascript before first contentful paint: ${(worstLoadBytes / 1024).toFixed(1)} KB gzipped (target <= 250 KB) ${jsOk ? 'ok' : 'OVER'}\n` +
      `first contentful paint: median ${fcp.toFixed(0)} ms of ${loads} cold loads (target < 1000 ms) ${fcpOk ? 'ok' : 'OVER'}\n`,
  );
  process.exitCode = jsOk && fcpOk ? 0 : 1;
} finally {
  await target.stop();
}
