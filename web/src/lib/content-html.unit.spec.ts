import { fileURLToPath } from 'node:url';
import { SAFE_CASES, XSS_CASES } from '@xsd/contracts/content/html-policy.cases';
import type { Page } from 'playwright-core';
import { build, defaultClientConditions, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchChromium } from '../../e2e/support/chromium';

/**
 * DOMPurify needs a real DOM: the sanitiser is bundled as the app bundles it and run in Chromium,
 * against the same cases the server's sanitize-html is tested with (contracts' policy cases).
 */
const entry = fileURLToPath(new URL('./content-html.ts', import.meta.url));

async function bundle(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { conditions: ['source', ...defaultClientConditions] },
    build: { write: false, minify: false, lib: { entry, formats: ['iife'], name: 'ContentHtml', fileName: 'content-html' } },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((file) => file.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('the sanitiser bundle has no chunk');
  return chunk.code;
}

let browser: Browser;
let page: Page;

beforeAll(async () => {
  const [code, launched] = await Promise.all([bundle(), launchChromium()]);
  browser = launched;
  page = await browser.context.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: code });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function sanitizeInBrowser(htmls: readonly string[]): Promise<string[]> {
  return page.evaluate(
    (inputs) => inputs.map((html) => (window as unknown as { ContentHtml: { sanitizeContentHtml(html: string): string } }).ContentHtml.sanitizeContentHtml(html)),
    [...htmls],
  );
}

describe('sanitizeContentHtml in the browser (DOMPurify with the contracts policy)', () => {
  it('strips every attack of the shared set as the server does', async () => {
    const results = await sanitizeInBrowser(XSS_CASES.map((c) => c.html));
    expect(XSS_CASES.map((c, i) => [c.name, results[i]])).toEqual(XSS_CASES.map((c) => [c.name, c.safe]));
    for (const result of results) expect(result).not.toMatch(/<script|<iframe|<svg|javascript:|data:|on[a-z]+=/i);
  });

  it('keeps the shared safe markup as the server does', async () => {
    const results = await sanitizeInBrowser(SAFE_CASES.map((c) => c.html));
    expect(SAFE_CASES.map((c, i) => [c.name, results[i]])).toEqual(SAFE_CASES.map((c) => [c.name, c.safe]));
  });
});
