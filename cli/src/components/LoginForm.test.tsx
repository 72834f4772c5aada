import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import { plain, settle } from '../testing/ink.js';
import { LoginForm } from './LoginForm.js';

describe('LoginForm', () => {
  it('asks for the email, then the password without echo', async () => {
    const onSubmit = vi.fn();
    const { lastFrame, stdin } = render(<LoginForm api="http://localhost:8080" onSubmit={onSubmit} />);
    await settle();
    expect(plain(lastFrame())).toBe('Sign in to http://localhost:8080\n? Email:');

    stdin.write('ops@silverboard.test');
    await settle();
    stdin.write('\r');
    await vi.waitFor(() => expect(plain(lastFrame())).toContain('? Password: (input hidden)'));
    expect(plain(lastFrame())).toContain('? Email: ops@silverboard.test');

    stdin.write('correct horse');
    await settle();
    expect(plain(lastFrame())).not.toContain('correct horse');
    stdin.write('\r');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'ops@silverboard.test', password: 'correct horse' }));
    await vi.waitFor(() => expect(plain(lastFrame())).toContain('Signing in…'));
    expect(plain(lastFrame())).not.toContain('Password');
  });

  it('asks only for the password when the email was given', async () => {
    const onSubmit = vi.fn();
    const { lastFrame, stdin } = render(<LoginForm api="http://localhost:8080" email="ops@silverboard.test" onSubmit={onSubmit} />);
    await settle();
    expect(plain(lastFrame())).toContain('? Password: (input hidden)');
    stdin.write('pw-12345\r');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'ops@silverboard.test', password: 'pw-12345' }));
  });

  it('asks only for the email when the password was given', async () => {
    const onSubmit = vi.fn();
    const { lastFrame, stdin } = render(<LoginForm api="http://localhost:8080" password="pw-12345" onSubmit={onSubmit} />);
    await settle();
    expect(plain(lastFrame())).not.toContain('Password');
    stdin.write('ops@silverboard.test\r');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'ops@silverboard.test', password: 'pw-12345' }));
  });
});
