import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface WebBuildFixture {
  readonly dir: string;
  remove(): Promise<void>;
}

/**
 * A stand-in for web/dist in a temporary folder: index.html, version.json and the given files
 * under assets/ (name to content), for tests of how the API serves the built web app.
 */
export async function createWebBuildFixture(assets: Record<string, string>): Promise<WebBuildFixture> {
  const dir = await mkdtemp(join(tmpdir(), 'silverboard-web-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><html><head><title>Silverboard</title></head><body><div id="root"></div></body></html>');
  await writeFile(join(dir, 'version.json'), '{"version":"1.0.3"}');
  for (const [name, content] of Object.entries(assets)) await writeFile(join(dir, 'assets', name), content);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
