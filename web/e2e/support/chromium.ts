import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser as ChromiumProcess, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium-binary';
import { markPromptsAnswered } from './prompts';

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /**
   * The User-Agent of every request of the profile, beacons sent while a page closes included
   * (a per-page override through the DevTools protocol does not reach those).
   */
  readonly userAgent?: string;
  /** A visitor who never answered the app's prompts (see prompts.ts); by default they were answered. */
  readonly freshVisitor?: boolean;
  /**
   * A Chromium of its own with a profile on disk, for what an off-the-record context lacks (web
   * push subscriptions, an installable app). Otherwise a new context of the file's one Chromium.
   */
  readonly persistent?: boolean;
}

/**
 * One Chromium per test file, started on first use and closed after the file's tests: a new
 * context in it is as separate as a new profile (cookies, storage, service workers, cache) and
 * takes milliseconds, where launching Chromium takes about a second.
 */
let shared: Promise<ChromiumProcess> | undefined;
afterAll(async () => {
  const browser = await shared?.catch(() => undefined);
  shared = undefined;
  await browser?.close();
});

/** A fresh browser profile: a new context of the file's Chromium, or with `persistent` a Chromium of its own. */
export async function launchChromium(viewport = { width: 1280, height: 900 }, options: LaunchOptions = {}): Promise<Browser> {
  const contextOptions = { viewport, ...(options.userAgent ? { userAgent: options.userAgent } : {}) };
  const browser = options.persistent ? await launchPersistent(contextOptions) : await newContext(contextOptions);
  if (!options.freshVisitor) await markPromptsAnswered(browser.context);
  return browser;
}

type ContextOptions = Parameters<ChromiumProcess['newContext']>[0];

async function newContext(contextOptions: ContextOptions): Promise<Browser> {
  shared ??= chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const context = await (await shared).newContext(contextOptions);
  return { context, close: () => context.close().catch(() => undefined) };
}

async function launchPersistent(contextOptions: ContextOptions): Promise<Browser> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'silverboard-chromium-'));
  const context = await chromium
    .launchPersistentContext(userDataDir, { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, ...contextOptions })
    .catch(async (error: unknown) => {
      // A browser that never started (none installed, say) leaves no profile folder behind either.
      await rm(userDataDir, { recursive: true, force: true });
      throw error;
    });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface ConsoleProblem {
  readonly text: string;
  readonly url: string;
}

/**
 * Console errors, uncaught page errors and Content-Security-Policy violations of a page, as they
 * come: a violation is reported as its own problem, so a page that the policy breaks fails
 * even where the browser would not log it as an error.
 */
export function collectConsoleErrors(page: Page): ConsoleProblem[] {
  const problems: ConsoleProblem[] = [];
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push({ text: message.text(), url: message.location().url });
  });
  page.on('pageerror', (error) => problems.push({ text: `uncaught: ${error.message}`, url: page.url() }));
  return problems;
}
