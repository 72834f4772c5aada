import { join } from 'node:path';
import { readJsonFile, writePrivateJsonFile } from './private-file.js';
import { configDir } from './session-store.js';

interface DeviceFile {
  readonly version: 1;
  /** By API base URL, then by email (trimmed, lower-cased). */
  readonly devices: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

const FILE_NAME = 'devices.json';
const emailKey = (email: string) => email.trim().toLowerCase();

export function deviceFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), FILE_NAME);
}

/**
 * The device tokens `xsd login` received, next to the session file and kept as privately (0600):
 * the latest one per API and email is sent with the next sign-in, so that a flood of sign-ins from
 * elsewhere never shuts this machine out (OWASP's device cookies). They outlive `xsd logout`: the
 * device stays known.
 */
export class DeviceStore {
  constructor(private readonly path: string = deviceFilePath()) {}

  get filePath(): string {
    return this.path;
  }

  async get(api: string, email: string): Promise<string | null> {
    return (await this.read()).devices[api]?.[emailKey(email)] ?? null;
  }

  async set(api: string, email: string, token: string): Promise<void> {
    const { devices } = await this.read();
    await writePrivateJsonFile(this.path, { version: 1, devices: { ...devices, [api]: { ...devices[api], [emailKey(email)]: token } } });
  }

  private async read(): Promise<DeviceFile> {
    const parsed = (await readJsonFile(this.path)) as Partial<DeviceFile> | null;
    return { version: 1, devices: typeof parsed?.devices === 'object' && parsed.devices !== null ? parsed.devices : {} };
  }
}
