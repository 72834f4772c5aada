import { rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { readJsonFile, writePrivateJsonFile } from './private-file.js';

/** One staff session of one API: the bearer token `xsd login` received. */
export interface StoredSession {
  readonly token: string;
  readonly email: string;
  readonly role: string;
  /** ISO 8601 instant the session ends. */
  readonly expires_at: string;
}

interface SessionFile {
  readonly version: 1;
  /** By API base URL: signing in to one server never signs you out of another. */
  readonly sessions: Readonly<Record<string, StoredSession>>;
}

const FILE_NAME = 'session.json';

/**
 * Where the CLI keeps its sessions: XSD_CONFIG_DIR (tests), else $XDG_CONFIG_HOME/silverboard,
 * else ~/.config/silverboard.
 */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env.XSD_CONFIG_DIR?.trim();
  if (explicit) return explicit;
  const xdg = env.XDG_CONFIG_HOME?.trim();
  return join(xdg ? xdg : join(homedir(), '.config'), 'silverboard');
}

export function sessionFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), FILE_NAME);
}

/** The session file, readable and writable by its owner only (see writePrivateJsonFile). */
export class SessionStore {
  constructor(private readonly path: string = sessionFilePath()) {}

  get filePath(): string {
    return this.path;
  }

  async get(api: string): Promise<StoredSession | null> {
    return (await this.read()).sessions[api] ?? null;
  }

  async set(api: string, session: StoredSession): Promise<void> {
    const file = await this.read();
    await this.write({ version: 1, sessions: { ...file.sessions, [api]: session } });
  }

  /** Forgets the session of one API; true when there was one. */
  async delete(api: string): Promise<boolean> {
    const file = await this.read();
    if (!(api in file.sessions)) return false;
    const { [api]: _removed, ...rest } = file.sessions;
    if (Object.keys(rest).length === 0) await rm(this.path, { force: true });
    else await this.write({ version: 1, sessions: rest });
    return true;
  }

  private async read(): Promise<SessionFile> {
    const parsed = (await readJsonFile(this.path)) as Partial<SessionFile> | null;
    // A damaged file holds no usable session; the next login replaces it.
    return { version: 1, sessions: typeof parsed?.sessions === 'object' && parsed.sessions !== null ? parsed.sessions : {} };
  }

  private write(file: SessionFile): Promise<void> {
    return writePrivateJsonFile(this.path, file);
  }
}
