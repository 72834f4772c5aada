import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import { plain, settle } from '../testing/ink.js';
import { TextPrompt } from './TextPrompt.js';

describe('TextPrompt', () => {
  it('echoes what is typed, takes Backspace, and submits on Enter', async () => {
    const onSubmit = vi.fn();
    const { lastFrame, stdin } = render(<TextPrompt label="Email" onSubmit={onSubmit} />);
    await settle();
    for (const key of ['o', 'p', 's', 'x', '\x7f']) {
      stdin.write(key);
      await settle();
    }
    expect(plain(lastFrame())).toBe('? Email: ops');
    stdin.write('\r');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith('ops'));
  });

  it('hides a password completely', async () => {
    const onSubmit = vi.fn();
    const { lastFrame, stdin } = render(<TextPrompt label="Password" hidden onSubmit={onSubmit} />);
    await settle();
    stdin.write('s3cret');
    await settle();
    expect(plain(lastFrame())).toBe('? Password: (input hidden)');
    expect(plain(lastFrame())).not.toContain('s3cret');
    expect(plain(lastFrame())).not.toContain('*');
    stdin.write('\r');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith('s3cret'));
  });

  it('takes pasted text with its Enter in one go', async () => {
    const onSubmit = vi.fn();
    const { stdin } = render(<TextPrompt label="Email" onSubmit={onSubmit} />);
    await settle();
    stdin.write('root@silverboard.test\r');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith('root@silverboard.test'));
  });

  it('refuses an empty answer', async () => {
    const onSubmit = vi.fn();
    const { lastFrame, stdin } = render(<TextPrompt label="Email" onSubmit={onSubmit} />);
    await settle();
    stdin.write('\r');
    await vi.waitFor(() => expect(plain(lastFrame())).toContain('Email is required'));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
