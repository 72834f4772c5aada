/**
 * The contact form end to end: a visitor sends a message with a photo from /contact in Chromium,
 * staff read it in /admin (photo, reply, archive), and uploads that must be refused are refused
 * by the browser and by the server alike, leaving nothing stored; an upload whose answer is lost is
 * retried with its Idempotency-Key and stored once. One embedded stack.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CONTACT_PHOTO_TOO_LARGE_MESSAGE,
  CONTACT_PHOTO_TYPE_MESSAGE,
  CONTACT_SUCCESS_TITLE,
  contactPhotoFileName,
  type ContactSubmissionListResponse,
} from '@xsd/contracts/api/contact';
import type { LoginResponse } from '@xsd/contracts/api/auth';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTab, signInAtAdmin } from './support/admin-page';
import { type Browser, collectConsoleErrors, type ConsoleProblem, launchChromium } from './support/chromium';

const ADMIN = { email: 'e2e-contact@silverboard.test', password: 'e2e-contact-password' };
/** A real 1x1 PNG, so the browser can draw the preview and the staff's image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const VISITOR = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'The silver chart is blank on my phone.' };

let dataDir: string;
let stack: RunningStack;
let browser: Browser;
let token: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'silverboard-contact-'));
  stack = await startStack({
    dataDir,
    env: { XSD_ADMIN_EMAIL: ADMIN.email, XSD_ADMIN_PASSWORD: ADMIN.password, XSD_DEVNET_TICK_MS: String(3_600_000) },
  });
  const login = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password, kind: 'bearer' }),
  });
  token = ((await login.json()) as LoginResponse).token;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const storedPhotos = () => readdir(join(dataDir, 'uploads', 'contact_photos')).catch(() => [] as string[]);
const submissions = async () =>
  (
    (await (await fetch(`${stack.url}/api/admin/contact-submissions`, { headers: { authorization: `Bearer ${token}` } })).json()) as ContactSubmissionListResponse
  ).items;

/** Missing network routes of the shell are not this file's concern; errors on the contact path are. */
const contactProblems = (problems: readonly ConsoleProblem[]) =>
  problems.filter((problem) => /CSP|uncaught/.test(problem.text) || problem.url.includes('/api/contact'));

async function fillForm(page: Page): Promise<void> {
  await page.getByLabel('Full Name *').fill(VISITOR.name);
  await page.getByLabel('Email *').fill(VISITOR.email);
  await page.getByLabel('Subject *').selectOption('Bug Report');
  await page.getByLabel('Message *').fill(VISITOR.message);
}

describe('/contact and the Contact Submissions tab', () => {
  it('a visitor sends the form with a PNG and sees the success view', async () => {
    const page = await browser.context.newPage();
    const problems = collectConsoleErrors(page);
    await page.goto(`${stack.url}/contact`);
    await fillForm(page);
    await page.getByTestId('contact-photo-input').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('contact-photo-preview').waitFor();
    expect(await page.getByTestId('contact-photo-preview').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await page.getByTestId('contact-submit').click();
    await page.getByTestId('contact-success').waitFor();
    expect(await page.getByTestId('contact-success').textContent()).toContain(CONTACT_SUCCESS_TITLE);
    expect(await storedPhotos()).toHaveLength(1);
    expect(contactProblems(problems)).toEqual([]);
    await page.close();
  });

  it('a fake PNG, a 6 MB image and an SVG are refused with the spec messages, and nothing is stored', async () => {
    const [photosBefore, rowsBefore] = [await storedPhotos(), await submissions()];
    const page = await browser.context.newPage();
    await page.goto(`${stack.url}/contact`);
    await fillForm(page);
    const input = page.getByTestId('contact-photo-input');

    // The browser refuses what it can judge itself: the type it is told and the size.
    await input.setInputFiles({ name: 'drawing.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    expect(await page.getByTestId('contact-photo-error').textContent()).toBe(CONTACT_PHOTO_TYPE_MESSAGE);
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]) });
    expect(await page.getByTestId('contact-photo-error').textContent()).toBe(CONTACT_PHOTO_TOO_LARGE_MESSAGE);

    // Only the server can see that a file named and typed as a PNG is not one.
    await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is not a png at all') });
    await page.getByTestId('contact-submit').click();
    await page.getByTestId('contact-error').waitFor();
    expect(await page.getByTestId('contact-error').textContent()).toContain(`Failed to upload photo: ${CONTACT_PHOTO_TYPE_MESSAGE}`);

    // The server refuses the SVG and the 6 MB image too, whatever a client skips.
    const serverAnswers = await page.evaluate(async (bigSize) => {
      const send = async (file: File) => {
        const form = new FormData();
        for (const [key, value] of Object.entries({ name: 'Ada', email: 'ada@example.com', subject: 'Other', message: 'Hi' })) form.set(key, value);
        form.set('photo', file);
        const response = await fetch('/api/contact', { method: 'POST', body: form });
        return { status: response.status, body: (await response.json()) as { error: { message: string } } };
      };
      return [
        await send(new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'a.png', { type: 'image/png' })),
        await send(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), new Uint8Array(bigSize)], 'big.png', { type: 'image/png' })),
      ];
    }, 6 * 1024 * 1024);
    expect(serverAnswers).toEqual([
      { status: 400, body: { error: { code: 'invalid_photo', message: CONTACT_PHOTO_TYPE_MESSAGE } } },
      { status: 413, body: { error: { code: 'photo_too_large', message: CONTACT_PHOTO_TOO_LARGE_MESSAGE } } },
    ]);
    expect(await storedPhotos()).toEqual(photosBefore);
    expect(await submissions()).toEqual(rowsBefore);
    await page.close();
  });

  it('staff see the bell, open the message (read), see the photo full size, download it, reply and archive', async () => {
    const [item] = await submissions();
    expect(item?.status).toBe('new');
    const page = await browser.context.newPage();
    const problems = collectConsoleErrors(page);
    await signInAtAdmin(page, stack.url, ADMIN.email, ADMIN.password);
    expect((await page.getByTestId('admin-bell').textContent())?.trim()).toBe('1 new message');
    expect(await page.getByTestId('admin-tab-contact_submissions').textContent()).toContain('1 new');

    await openTab(page, 'contact_submissions');
    await page.getByTestId(`contact-row-${item!.id}`).click();
    await expect.poll(() => page.getByTestId('contact-detail-status').textContent()).toBe('read');
    await expect.poll(async () => (await page.getByTestId('admin-bell').textContent())?.trim()).toBe('0 new messages');
    const photo = page.getByTestId('contact-detail-photo');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    await page.getByRole('button', { name: `Open the photo from ${VISITOR.name}` }).click();
    const overlay = page.getByTestId('contact-photo-overlay');
    await overlay.getByRole('img').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), overlay.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe(contactPhotoFileName(item!.id, VISITOR.name));
    await overlay.getByRole('button', { name: 'Close' }).click();

    await page.getByTestId('contact-reply-text').fill('  Thanks, fixed in the next release.  ');
    await page.getByRole('button', { name: 'Send Reply' }).click();
    await page.getByText('Reply sent successfully!').waitFor();
    await expect.poll(() => page.getByTestId('contact-detail-status').textContent()).toBe('replied');
    expect(await page.getByTestId('contact-detail-reply').textContent()).toContain('Thanks, fixed in the next release.');

    await page.getByRole('button', { name: 'Archive' }).click();
    await expect.poll(() => page.getByTestId('contact-detail-status').textContent()).toBe('archived');
    expect(await page.getByTestId('contact-reply-form').count()).toBe(0);
    const [stored] = await submissions();
    expect(stored).toMatchObject({ status: 'archived', admin_reply: 'Thanks, fixed in the next release.' });
    expect(stored?.replied_by).toEqual(expect.any(String));
    expect(problems.filter((problem) => /CSP|uncaught/.test(problem.text))).toEqual([]);
    await page.close();
  });

  it('an upload whose answer is lost is sent again with the same Idempotency-Key and stored once', async () => {
    const message = 'The first answer to this upload never reached the browser.';
    const photosBefore = await storedPhotos();
    const page = await browser.context.newPage();
    const keys: (string | undefined)[] = [];
    await page.route('**/api/contact', async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      if (keys.length > 1) return route.continue();
      // The server gets the whole upload and stores it; the browser sees the connection drop.
      expect((await route.fetch()).status()).toBe(201);
      return route.abort('connectionreset');
    });
    await page.goto(`${stack.url}/contact`);
    await fillForm(page);
    await page.getByLabel('Message *').fill(message);
    await page.getByTestId('contact-photo-input').setInputFiles({ name: 'retry.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('contact-submit').click();
    await page.getByTestId('contact-success').waitFor({ timeout: 15_000 });

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"$/);
    expect(keys[1]).toBe(keys[0]);
    expect((await submissions()).filter((item) => item.message === message)).toHaveLength(1);
    expect(await storedPhotos()).toHaveLength(photosBefore.length + 1);
    await page.close();
  });
});
