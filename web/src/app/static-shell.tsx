import { Window } from 'happy-dom';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { App } from '.';

/** The clock's text before the app runs: as wide as `12:34:56` in the monospace font, and blank. */
const BLANK_CLOCK = '\u00a0'.repeat(8);

/**
 * The app's first render of `/` as static HTML, for index.html's root element (the build's
 * static-shell plugin, vite.config.ts): the browser paints it before any script runs, and the
 * app's first render replaces it with the same markup. Rendered by the app's own components, so
 * the two cannot drift; then made inert: until the app runs, nothing in it is focusable, clickable
 * or in the accessibility tree, it carries none of the app's test ids (tests wait for the live
 * app), and the clock, which the build cannot know, is blank.
 */
export function renderStaticShell(): string {
  let html = inBrowserWindow(() => renderToString(<App Router={MemoryRouter} />))
    // React's markers of suspended boundaries: the page under the shell is still loading.
    .replace(/<!--\/?\$[!?]?-->|<template[^>]*><\/template>/g, '')
    .replace(/ data-testid="[^"]*"/g, '');
  html = replaceOnce(html, /(<span class="statusline__clock">)[^<]*(<\/span>)/, `$1${BLANK_CLOCK}$2`);
  return replaceOnce(html, /^<div class="shell"/, '<div class="shell" inert=""');
}

/**
 * Runs `render` with a fresh visitor's browser globals (happy-dom's: nothing stored, no push, not
 * installed), which components read while rendering; the build's own globals are put back after.
 */
function inBrowserWindow<T>(render: () => T): T {
  const browser = new Window({ url: 'http://localhost/' });
  const globals = { window: browser, document: browser.document, navigator: browser.navigator, localStorage: browser.localStorage };
  const saved = Object.keys(globals).map((key) => [key, Object.getOwnPropertyDescriptor(globalThis, key)] as const);
  try {
    for (const [key, value] of Object.entries(globals)) Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });
    return render();
  } finally {
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, key, descriptor);
      else delete (globalThis as Record<string, unknown>)[key];
    }
    void browser.happyDOM.close();
  }
}

function replaceOnce(html: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(html)) throw new Error(`static shell: ${pattern} not found in the app's first render`);
  return html.replace(pattern, replacement);
}
