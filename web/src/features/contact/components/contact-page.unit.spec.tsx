// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CONTACT_EMAIL_MESSAGE,
  CONTACT_PHOTO_MAX_BYTES,
  CONTACT_PHOTO_TOO_LARGE_MESSAGE,
  CONTACT_PHOTO_TYPE_MESSAGE,
  CONTACT_REQUIRED_MESSAGE,
  CONTACT_SUBMIT_FAILED_MESSAGE,
  CONTACT_SUCCESS_TEXT,
  CONTACT_TOO_MANY_FILES_MESSAGE,
  type ContactForm,
  type ContactSubmitResponse,
} from '@xsd/contracts/api/contact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordBeacons } from '../../../lib/analytics/beacon-recorder';
import { ApiError } from '../../../lib/api-client';
import { ContactPage } from './contact-page';

let beacons: ReturnType<typeof recordBeacons>;
beforeEach(() => {
  beacons = recordBeacons();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A send whose answer the test decides, recording what it was given. */
function controlledSend() {
  const calls: { form: ContactForm; photo: File | null; progress?: (percent: number) => void }[] = [];
  let settle: { resolve: (value: ContactSubmitResponse) => void; reject: (error: unknown) => void } | null = null;
  const send = (form: ContactForm, photo: File | null, progress?: (percent: number) => void) => {
    calls.push({ form, photo, progress });
    return new Promise<ContactSubmitResponse>((resolve, reject) => {
      settle = { resolve, reject };
    });
  };
  return { send, calls, resolve: () => settle?.resolve({ id: 'x' }), reject: (error: unknown) => settle?.reject(error) };
}

const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'shot.png', { type: 'image/png' });

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full Name *'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email *'), 'ada@example.com');
  await user.selectOptions(screen.getByLabelText('Subject *'), 'Bug Report');
  await user.type(screen.getByLabelText('Message *'), 'The chart is blank.');
}

describe('the contact page', () => {
  it('shows the form, the subject placeholder disabled with six options, a 6-row message, and the four FAQ answers', () => {
    render(<ContactPage chatUrl="https://chat.example" />);
    const subject = screen.getByLabelText('Subject *') as HTMLSelectElement;
    expect(subject.value).toBe('');
    expect(subject.options[0]?.disabled).toBe(true);
    expect([...subject.options].slice(1).map((option) => option.value)).toEqual([
      'General Inquiry',
      'Technical Support',
      'Feature Request',
      'Bug Report',
      'Business Proposal',
      'Other',
    ]);
    expect(screen.getByLabelText('Message *').getAttribute('rows')).toBe('6');
    const panel = screen.getByTestId('contact-get-in-touch');
    expect(panel.querySelectorAll('details')).toHaveLength(4);
    expect(panel.textContent).toContain('not an official project');
    expect(screen.getByTestId('contact-chat-link').getAttribute('href')).toBe('https://chat.example');
  });

  it('refuses missing fields, then a bad email, with the spec messages and without sending', async () => {
    const user = userEvent.setup();
    const { send, calls } = controlledSend();
    render(<ContactPage send={send} />);
    await user.click(screen.getByTestId('contact-submit'));
    expect(screen.getByTestId('contact-error').textContent).toContain('Error Submitting Form');
    expect(screen.getByTestId('contact-error').textContent).toContain(CONTACT_REQUIRED_MESSAGE);
    await fillRequired(user);
    await user.clear(screen.getByLabelText('Email *'));
    await user.type(screen.getByLabelText('Email *'), 'ada@example');
    await user.click(screen.getByTestId('contact-submit'));
    expect(screen.getByTestId('contact-error').textContent).toContain(CONTACT_EMAIL_MESSAGE);
    expect(calls).toEqual([]);
  });

  it('sends with a photo, shows Uploading... N% as it goes up, then the success view, and Send Another Message starts over', async () => {
    const user = userEvent.setup();
    const request = controlledSend();
    render(<ContactPage send={request.send} />);
    await fillRequired(user);
    await user.upload(screen.getByTestId('contact-photo-input'), png());
    expect(screen.getByTestId('contact-photo-preview')).toBeTruthy();
    await user.click(screen.getByTestId('contact-submit'));
    // Until the browser reports the first bytes sent.
    expect(screen.getByTestId('contact-submit').textContent).toBe('Sending...');
    act(() => request.calls[0]?.progress?.(42));
    expect(screen.getByTestId('contact-submit').textContent).toBe('Uploading... 42%');
    expect(request.calls[0]?.form).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', phone: null, subject: 'Bug Report', message: 'The chart is blank.' });
    expect(request.calls[0]?.photo?.name).toBe('shot.png');
    await act(async () => request.resolve());
    expect(screen.getByTestId('contact-success').textContent).toContain(CONTACT_SUCCESS_TEXT);
    expect(await beacons.bodies()).toContainEqual(expect.objectContaining({ event_type: 'contact_submitted', event_data: { subject: 'Bug Report', with_photo: true } }));
    await user.click(screen.getByRole('button', { name: 'Send Another Message' }));
    expect((screen.getByLabelText('Full Name *') as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('contact-photo-preview')).toBeNull();
  });

  it('without a photo the button reads Sending...', async () => {
    const user = userEvent.setup();
    const request = controlledSend();
    render(<ContactPage send={request.send} />);
    await fillRequired(user);
    await user.click(screen.getByTestId('contact-submit'));
    expect(screen.getByTestId('contact-submit').textContent).toBe('Sending...');
  });

  it('shows the server message, a photo refusal as Failed to upload photo, and the fallback otherwise', async () => {
    const user = userEvent.setup();
    const request = controlledSend();
    render(<ContactPage send={request.send} />);
    await fillRequired(user);
    await user.click(screen.getByTestId('contact-submit'));
    await act(async () => request.reject(new ApiError(CONTACT_PHOTO_TYPE_MESSAGE, 400, 'invalid_photo')));
    expect(screen.getByTestId('contact-error').textContent).toContain(`Failed to upload photo: ${CONTACT_PHOTO_TYPE_MESSAGE}`);
    await user.click(screen.getByTestId('contact-submit'));
    expect(screen.queryByTestId('contact-error')).toBeNull();
    await act(async () => request.reject(new ApiError('Request failed with status 502', 502, 'http_error')));
    expect(screen.getByTestId('contact-error').textContent).toContain(CONTACT_SUBMIT_FAILED_MESSAGE);
  });

  it('refuses a wrong type, an oversized file and two files at once, and a chosen photo can be removed', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<ContactPage send={controlledSend().send} />);
    const input = screen.getByTestId('contact-photo-input');
    await user.upload(input, new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' }));
    expect(screen.getByTestId('contact-photo-error').textContent).toBe(CONTACT_PHOTO_TYPE_MESSAGE);
    await user.upload(input, png(6 * 1024 * 1024));
    expect(screen.getByTestId('contact-photo-error').textContent).toBe(CONTACT_PHOTO_TOO_LARGE_MESSAGE);
    const zone = screen.getByTestId('contact-photo-zone');
    const drop = new Event('drop', { bubbles: true }) as Event & { dataTransfer: { files: File[] } };
    Object.defineProperty(drop, 'dataTransfer', { value: { files: [png(), png()] } });
    act(() => {
      zone.dispatchEvent(drop);
    });
    expect(screen.getByTestId('contact-photo-error').textContent).toBe(CONTACT_TOO_MANY_FILES_MESSAGE);
    await user.upload(input, png());
    expect(screen.queryByTestId('contact-photo-error')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByTestId('contact-photo-preview')).toBeNull();
  });
  it("words the drop zone's refusals as the spec: 'File is larger than N bytes', 'File is smaller than N bytes'", async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<ContactPage send={controlledSend().send} />);
    const dropFiles = (files: File[]) => {
      const drop = new Event('drop', { bubbles: true }) as Event & { dataTransfer: { files: File[] } };
      Object.defineProperty(drop, 'dataTransfer', { value: { files } });
      act(() => {
        screen.getByTestId('contact-photo-zone').dispatchEvent(drop);
      });
    };
    dropFiles([png(CONTACT_PHOTO_MAX_BYTES + 1)]);
    expect(screen.getByTestId('contact-photo-error').textContent).toBe('File is larger than 5242880 bytes');
    dropFiles([new File([], 'empty.png', { type: 'image/png' })]);
    expect(screen.getByTestId('contact-photo-error').textContent).toBe('File is smaller than 1 bytes');
    await user.upload(screen.getByTestId('contact-photo-input'), new File([], 'empty.png', { type: 'image/png' }));
    expect(screen.getByTestId('contact-photo-error').textContent).toBe('File is smaller than 1 bytes');
    // Exactly the limit is taken.
    dropFiles([png(CONTACT_PHOTO_MAX_BYTES)]);
    expect(screen.queryByTestId('contact-photo-error')).toBeNull();
    expect(screen.getByTestId('contact-photo-preview')).toBeTruthy();
  });
});
