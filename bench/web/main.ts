/**
 * Web app benchmark (issues 4 and 20): the built `/` served by a started stack, loaded in headless
 * Chromium with a cold cache (a new browser context per load), next to a reference build of the
 * app measured in the same run.
 *
 *   node --conditions=source --import tsx bench/web/main.ts [--loads 7] [--reference <git rev>] [--url http://127.0.0.1:8080]
 *
 * Builds nothing of this checkout: it runs what `npx tsc -b && npm run build -w @xsd/web` left in
 * services/dist and web/dist (or measures `--url` when given). The reference is the web app of
 * `--reference` (default: the commit issue 20 started from), taken with `git archive` into a
 * temporary folder and built there; a second stack serves it (XSD_WEB_DIR) and the loads of the
 * two alternate, so both see the same machine. `--reference none` skips it. Prints, for both: the
 * gzipped JavaScript the page names in its HTML (entry and modulepreloads), the gzipped
 * JavaScript loaded before the first contentful paint (target <= 90 KB), the median first
 * contentful paint (target < 300 ms) and the median time the dashboard's first price appears
 * (the app at work). Exits 1 when this build misses a target.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../web/e2e/support/chromium-binary.js';
import { median } from '../support.js';
import { gzip, gzippedSize, kb } from './sizes.js';

/** Where issue 20 started: the first load before its work. */
const DEFAULT_REFERENCE = 'af9ce0a36faade1ccba6c186a826db324495fdb9';
const { values } = parseArgs({
  options: {
    loads: { type: 'string', default: '7' },
    url: { type: 'string' },
    reference: { type: 'string', default: DEFAULT_REFERENCE },
  },
});
const loads = Math.max(1, Number(values.loads));
const JS_BUDGET_BYTES = 90 * 1024;
const FCP_BUDGET_MS = 300;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface LoadResult {
  readonly fcpMs: number;
  /** Script URLs whose response ended before the first contentful paint. */
  readonly scriptsBeforeFcp: readonly string[];
  /** When the dashboard's first price appeared: the app running, not just painted. */
  readonly priceMs: number;
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

/**
 * Runs in the page too: when the dashboard's first price appeared (the app at work, not just
 * painted), checked on every frame so the time is the frame's; the same marker in the reference.
 */
const IN_PAGE_FIRST_PRICE = `new Promise((resolve, reject) => {
  setTimeout(() => reject(new Error('no price on the dashboard after 30 s')), 30000);
  const check = () => document.querySelector('[data-testid="tile-XSD-Ethereum"] [data-testid="price"]')
    ? resolve(performance.now()) : requestAnimationFrame(check);
  check();
})`;

async function measureLoad(browser: Browser, url: string): Promise<LoadResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const paint = (await page.evaluate(IN_PAGE_MEASURE)) as Omit<LoadResult, 'priceMs'>;
    return { ...paint, priceMs: (await page.evaluate(IN_PAGE_FIRST_PRICE)) as number };
  } finally {
    await context.close();
  }
}


/** The scripts index.html names (the entry and its modulepreloads), gzipped, from a build folder. */
function entryBytes(dist: string): number {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  return scripts.reduce((sum, script) => sum + gzip(readFileSync(join(dist, script))), 0);
}

/**
 * The web app of `rev` built in a temporary folder: its web/ and contracts/ from git, this
 * checkout's packages (one link each) except the workspace's contracts, which are its own.
 */
function buildReference(rev: string): { dist: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'silverboard-web-reference-'));
  const archive = execFileSync('git', ['archive', rev, 'package.json', 'tsconfig.base.json', 'web', 'contracts'], { cwd: ROOT, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@xsd'), { recursive: true });
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name !== '@xsd') symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
  }
  symlinkSync(join(dir, 'contracts'), join(modules, '@xsd', 'contracts'));
  // Packages the reference uses and this checkout no longer has (ag-charts before Chart.js), from npm's cache when it can.
  const { dependencies } = JSON.parse(readFileSync(join(dir, 'web', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const missing = Object.entries(dependencies).filter(([name]) => !existsSync(join(modules, name)));
  if (missing.length > 0) {
    const extra = join(dir, 'reference-only');
    mkdirSync(extra);
    execFileSync('npm', ['install', '--prefix', extra, '--no-save', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', ...missing.map(([name, range]) => `${name}@${range}`)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (const [name] of missing) {
      // A scope folder here is a link into this checkout's packages: never write into it.
      if (name.includes('/') && existsSync(dirname(join(modules, name)))) throw new Error(`cannot add ${name} beside this checkout's ${dirname(name)} packages`);
      mkdirSync(dirname(join(modules, name)), { recursive: true });
      symlinkSync(join(extra, 'node_modules', name), join(modules, name));
    }
  }
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: join(dir, 'web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { dist: join(dir, 'web', 'dist'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

interface Target {
  readonly name: string;
  readonly url: string;
  /** The build folder it serves, when known. */
  readonly dist: string | null;
  readonly results: LoadResult[];
}

async function summarize(target: Target): Promise<{ entry: number | null; beforeFcp: number; fcp: number; price: number }> {
  // The scripts any load needed before its first paint (the largest set seen).
  const scripts = [...new Set(target.results.flatMap((r) => r.scriptsBeforeFcp))];
  const sizes = new Map(await Promise.all(scripts.map(async (script) => [script, await gzippedSize(script)] as const)));
  const beforeFcp = Math.max(...target.results.map((r) => r.scriptsBeforeFcp.reduce((sum, s) => sum + (sizes.get(s) ?? 0), 0)));
  process.stdout.write(`\n${target.name}: FCP ${target.results.map((r) => r.fcpMs.toFixed(0)).join(', ')} ms\n`);
  process.stdout.write(`  first price ${target.results.map((r) => r.priceMs.toFixed(0)).join(', ')} ms\n`);
  for (const [script, size] of sizes) process.stdout.write(`  ${new URL(script).pathname}  ${kb(size)} gzipped\n`);
  return { entry: target.dist ? entryBytes(target.dist) : null, beforeFcp, fcp: median(target.results.map((r) => r.fcpMs)), price: median(target.results.map((r) => r.priceMs)) };
}

const stacks: RunningStack[] = [];
let reference: ReturnType<typeof buildReference> | null = null;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
try {
  const targets: Target[] = [];
  if (values.url) {
    targets.push({ name: 'this build', url: new URL('/', values.url).href, dist: null, results: [] });
  } else {
    process.stdout.write('starting the stack (built launcher, devnet)...\n');
    const stack = await startStack();
    stacks.push(stack);
    targets.push({ name: 'this build', url: `${stack.url}/`, dist: join(ROOT, 'web/dist'), results: [] });
  }
  if (values.reference !== 'none') {
    process.stdout.write(`building the reference web app of ${values.reference}...\n`);
    reference = buildReference(values.reference);
    process.stdout.write('starting a stack serving it...\n');
    const stack = await startStack({ env: { XSD_WEB_DIR: reference.dist } });
    stacks.push(stack);
    targets.push({ name: `reference ${values.reference.slice(0, 12)}`, url: `${stack.url}/`, dist: reference.dist, results: [] });
  }
  // One throwaway load each: Chromium's own first start and the servers' first answers are not the page's.
  for (const target of targets) await measureLoad(browser, target.url);
  for (let i = 0; i < loads; i += 1) {
    // Every other round in reverse: each build follows the other as often as itself (a closing
    // page's teardown overlaps the next load).
    for (const target of i % 2 ? [...targets].reverse() : targets) target.results.push(await measureLoad(browser, target.url));
    process.stdout.write(`load ${i + 1}: ${targets.map((t) => `${t.name} ${t.results.at(-1)!.fcpMs.toFixed(0)} ms`).join(', ')}\n`);
  }
  const [current, ...references] = await Promise.all(targets.map(summarize));
  const line = (name: string, figures: Awaited<ReturnType<typeof summarize>>) =>
    `${name}: entry ${figures.entry === null ? '?' : kb(figures.entry)} gzipped, ` +
    `${kb(figures.beforeFcp)} gzipped before the first contentful paint, median FCP ${figures.fcp.toFixed(0)} ms, ` +
    `first price ${figures.price.toFixed(0)} ms, of ${loads} cold loads\n`;
  process.stdout.write('\n');
  references.forEach((figures, i) => process.stdout.write(line(targets[i + 1]!.name, figures)));
  process.stdout.write(line('this build', current!));
  const jsOk = current!.beforeFcp <= JS_BUDGET_BYTES;
  const fcpOk = current!.fcp < FCP_BUDGET_MS;
  process.stdout.write(
    `javascript before first contentful paint: ${kb(current!.beforeFcp)} gzipped (target <= 90 KB) ${jsOk ? 'ok' : 'OVER'}\n` +
      `first contentful paint: median ${current!.fcp.toFixed(0)} ms (target < 300 ms) ${fcpOk ? 'ok' : 'OVER'}\n`,
  );
  process.exitCode = jsOk && fcpOk ? 0 : 1;
} finally {
  await browser.close();
  for (const stack of stacks) await stack.stop();
  reference?.remove();
}
