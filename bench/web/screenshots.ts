/**
 * Screenshots of every public route and every /admin tab at 1366 and 375 px (issue 20: no visual
 * change a user would notice), and a pixel comparison of two such folders.
 *
 *   node --conditions=source --import tsx bench/web/screenshots.ts --out DIR [--url http://127.0.0.1:8080]
 *   node --conditions=source --import tsx bench/web/screenshots.ts --compare BEFORE_DIR AFTER_DIR
 *
 * Builds nothing: it starts what `make build` left (as bench/web/main.ts does), stores the same
 * content the accessibility test does (news, calendar events, an inactive network, a contact
 * message with a photo), signs a super admin in, and saves one full-page PNG per screen and width
 * (the page's own scroller unrolled). With `--url`, the stack's super admin comes from
 * XSD_ADMIN_EMAIL / XSD_ADMIN_PASSWORD and nothing is stored. Animations are frozen, so only
 * what changed (and live numbers) differs between runs.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { adminApi } from '../../web/e2e/support/admin-api.js';
import { openTab, signInAtAdmin, visibleTabs } from '../../web/e2e/support/admin-page.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../web/e2e/support/chromium-binary.js';
import { VIEWPORTS } from '../../web/e2e/support/page-checks.js';
import { markPromptsAnswered } from '../../web/e2e/support/prompts.js';
import { PUBLIC_PATHS } from '../../web/e2e/support/screens.js';
import { storeContent } from '../../web/e2e/support/stored-content.js';
import { benchTarget } from '../support.js';
import { waitFor } from '@xsd/services/testing/wait-for';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string' }, url: { type: 'string' }, compare: { type: 'boolean' } },
});
const SUPER = { email: process.env.XSD_ADMIN_EMAIL ?? 'screens@silverboard.test', password: process.env.XSD_ADMIN_PASSWORD ?? 'screens-password' };

const fileName = (name: string, width: number) => `${name.replace(/^\/$/, 'dashboard').replace(/^\//, '').replace(/\W+/g, '-')}-${width}.png`;

/** Loaded: no loading line left, fonts in, and the page's text unchanged over two looks. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => !document.querySelector('.page-loading, [aria-busy="true"]'), undefined, { timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  let last = '';
  await waitFor(
    async () => {
      const now = await page.evaluate(() => document.body.innerText);
      const same = now === last;
      last = now;
      return same;
    },
    { timeoutMs: 10_000, intervalMs: 400, message: `${page.url()} to stop changing` },
  ).catch(() => undefined); // Live prices may keep ticking: take the page as it is then.
}

/** A full-page PNG: the viewport grown by what the app's own scroller hides, then Playwright's full page. */
async function capture(page: Page, width: number, height: number, path: string): Promise<void> {
  await page.setViewportSize({ width, height });
  const hidden = await page.evaluate(() => {
    const scroller = document.querySelector('.shell__scroll');
    return scroller ? scroller.scrollHeight - scroller.clientHeight : 0;
  });
  if (hidden > 0) await page.setViewportSize({ width, height: height + hidden });
  await page.screenshot({ path, fullPage: true, animations: 'disabled', caret: 'hide' });
  await page.setViewportSize({ width, height });
}

const launch = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });

async function takeScreenshots(out: string): Promise<void> {
  await mkdir(out, { recursive: true });
  const target = await benchTarget(values.url, { XSD_ADMIN_EMAIL: SUPER.email, XSD_ADMIN_PASSWORD: SUPER.password, XSD_DEVNET_TICK_MS: String(3_600_000) });
  const base = target.base;
  const browser = await launch();
  try {
    if (!values.url) {
      await waitFor(async () => (await fetch(`${base}/api/prices/latest`)).status === 200, { timeoutMs: 60_000, intervalMs: 250, message: 'the first prices' });
      await storeContent(base, await adminApi(base, SUPER.email, SUPER.password));
    }
    // A returning visitor, as in the e2e tests: the app's prompts would cover the page.
    const context = await browser.newContext();
    await markPromptsAnswered(context);
    const page = await context.newPage();
    for (const { width, height } of VIEWPORTS) {
      await page.setViewportSize({ width, height });
      for (const path of PUBLIC_PATHS) {
        await page.goto(`${base}${path}`);
        await settle(page);
        await capture(page, width, height, join(out, fileName(path, width)));
        process.stdout.write(`${fileName(path, width)}\n`);
      }
    }
    await signInAtAdmin(page, base, SUPER.email, SUPER.password);
    const tabs = await visibleTabs(page);
    for (const { width, height } of VIEWPORTS) {
      await page.setViewportSize({ width, height });
      for (const tab of tabs) {
        await openTab(page, tab);
        await settle(page);
        await capture(page, width, height, join(out, fileName(`admin-${tab}`, width)));
        process.stdout.write(`${fileName(`admin-${tab}`, width)}\n`);
      }
    }
  } finally {
    await browser.close();
    await target.stop();
  }
}

/**
 * Runs in the page, as source text (the TypeScript loader's helpers do not exist there): decodes
 * two PNGs and counts the pixels whose colour differs.
 */
const IN_PAGE_DIFF = `async (pngA, pngB) => {
  const pixels = async (base64) => {
    const bitmap = await createImageBitmap(await (await fetch('data:image/png;base64,' + base64)).blob());
    const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
    context.drawImage(bitmap, 0, 0);
    return { width: bitmap.width, height: bitmap.height, data: context.getImageData(0, 0, bitmap.width, bitmap.height).data };
  };
  const [x, y] = [await pixels(pngA), await pixels(pngB)];
  if (x.width !== y.width || x.height !== y.height) return 'size ' + x.width + 'x' + x.height + ' -> ' + y.width + 'x' + y.height;
  let differing = 0;
  for (let i = 0; i < x.data.length; i += 4) {
    if (x.data[i] !== y.data[i] || x.data[i + 1] !== y.data[i + 1] || x.data[i + 2] !== y.data[i + 2]) differing += 1;
  }
  return differing === 0 ? 'same' : differing + ' pixels differ (' + ((differing / (x.width * x.height)) * 100).toFixed(2) + ' %)';
}`;

/** Per file of either folder: missing, another size, or how many pixels differ (decoded by Chromium). */
async function compare(before: string, after: string): Promise<void> {
  const names = [...new Set([...(await readdir(before)), ...(await readdir(after))])].filter((name) => name.endsWith('.png')).sort();
  const browser = await launch();
  try {
    const page = await browser.newPage();
    for (const name of names) {
      const [a, b] = await Promise.all([before, after].map((dir) => readFile(join(dir, name)).then((png) => png.toString('base64'), () => null)));
      if (!a || !b) {
        process.stdout.write(`${name}: only in ${a ? before : after}\n`);
        continue;
      }
      const result = (await page.evaluate(`(${IN_PAGE_DIFF})(${JSON.stringify(a)}, ${JSON.stringify(b)})`)) as string;
      process.stdout.write(`${name}: ${result}\n`);
    }
  } finally {
    await browser.close();
  }
}

if (values.compare) {
  const [before, after] = positionals;
  if (!before || !after) throw new Error('--compare needs two folders');
  await compare(before, after);
} else {
  if (!values.out) throw new Error('--out DIR is required');
  await takeScreenshots(values.out);
}
