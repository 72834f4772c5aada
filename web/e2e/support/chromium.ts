import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser as ChromiumProcess, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
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
   * push subscriptions, an installable app). Otherwise a new context of the worker's one Chromium.
   */
  readonly persistent?: boolean;
}

/**
 * One Chromium per test worker, started on first use and shared by the files the worker runs (they
 * share its modules): a new context in it is as separate as a new profile (cookies, storage, service
 * workers, cache) and takes milliseconds, where launching Chromium takes about a second. Playwright
 * ends it, and removes its profile folder, when the worker's process exits.
 */
let shared: Promise<ChromiumProcess> | undefined;

function sharedChromium(): Promise<ChromiumProcess> {
  shared ??= chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS }).then(
    (browser) => {
      // A Chromium that crashed is not the next file's problem: the next context starts another.
      browser.on('disconnected', () => (shared = undefined));
      return browser;
    },
    (error: unknown) => {
      shared = undefined;
      throw error;
    },
  );
  return shared;
}

/** A fresh browser profile: a new context of the worker's Chromium, or with `persistent` a Chromium of its own. */
export async function launchChromium(viewport = { width: 1280, height: 900 }, options: LaunchOptions = {}): Promise<Browser> {
  const contextOptions = { viewport, ...(options.userAgent ? { userAgent: options.userAgent } : {}) };
  const browser = options.persistent ? await launchPersistent(contextOptions) : await newContext(contextOptions);
  if (!options.freshVisitor) await markPromptsAnswered(browser.context);
  return browser;
}

type ContextOptions = Parameters<ChromiumProcess['newContext']>[0];

async function newContext(contextOptions: ContextOptions): Promise<Browser> {
  const context = await (await sharedChromium()).newContext(contextOptions);
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
