import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configDir, SessionStore } from './session-store.js';

const SESSION = { token: 'xsd_secret', email: 'ops@silverboard.test', role: 'admin', expires_at: '2026-05-08T12:00:00.000Z' };

describe('SessionStore', () => {
  let dir: string;
  let store: SessionStore;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'xsd-session-'));
    store = new SessionStore(join(dir, 'silverboard', 'session.json'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('has no session before a login', async () => {
    expect(await store.get('http://localhost:8080')).toBeNull();
  });

  it('keeps the token in a file only its owner can read (0600, folder 0700)', async () => {
    await store.set('http://localhost:8080', SESSION);
    expect((await stat(store.filePath)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'silverboard'))).mode & 0o777).toBe(0o700);
    expect(await store.get('http://localhost:8080')).toEqual(SESSION);
  });

  it('keeps one session per API and forgets only the one signed out of', async () => {
    await store.set('http://localhost:8080', SESSION);
    await store.set('https://board.example', { ...SESSION, token: 'xsd_other' });
    expect(await store.delete('http://localhost:8080')).toBe(true);
    expect(await store.get('http://localhost:8080')).toBeNull();
    expect((await store.get('https://board.example'))?.token).toBe('xsd_other');
    expect((await stat(store.filePath)).mode & 0o777).toBe(0o600);
  });

  it('removes the file with the last session', async () => {
    await store.set('http://localhost:8080', SESSION);
    await store.delete('http://localhost:8080');
    await expect(readFile(store.filePath)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await store.delete('http://localhost:8080')).toBe(false);
  });
});

describe('configDir', () => {
  it('is XSD_CONFIG_DIR, else $XDG_CONFIG_HOME/silverboard, else ~/.config/silverboard', () => {
    expect(configDir({ XSD_CONFIG_DIR: '/tmp/x', XDG_CONFIG_HOME: '/cfg' })).toBe('/tmp/x');
    expect(configDir({ XDG_CONFIG_HOME: '/cfg' })).toBe('/cfg/silverboard');
    expect(configDir({})).toMatch(/\/\.config\/silverboard$/);
  });
});
