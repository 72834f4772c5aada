import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The bulletproof-react boundaries, checked on the sources: shared code (api, components, lib,
 * config) never imports features or the app, a feature never imports another feature,
 * and there are no barrel files.
 */
const src = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.includes('.spec.') ? [path] : [];
  });
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map(
    (match) => relative(src, resolve(dirname(file), (match[1] ?? match[2])!)),
  );
}

const layer = (path: string) => path.split(sep)[0];
const feature = (path: string) => (layer(path) === 'features' ? path.split(sep)[1] : undefined);

const files = sourceFiles(src).map((file) => ({ path: relative(src, file), imports: relativeImports(file) }));

describe('web source boundaries', () => {
  it('keeps shared code free of features and the app', () => {
    const offending = files
      .filter((file) => ['api', 'components', 'lib', 'config'].includes(layer(file.path)!))
      .flatMap((file) => file.imports.filter((target) => ['features', 'app'].includes(layer(target)!)).map((target) => `${file.path} → ${target}`));
    expect(offending).toEqual([]);
  });

  it('never imports one feature from another', () => {
    const offending = files
      .filter((file) => feature(file.path))
      .flatMap((file) =>
        file.imports
          .filter((target) => layer(target) === 'app' || (feature(target) && feature(target) !== feature(file.path)))
          .map((target) => `${file.path} → ${target}`),
      );
    expect(offending).toEqual([]);
  });

  it('has no barrel files', () => {
    const barrels = files.filter(
      (file) => /(^|[/\\])index\.tsx?$/.test(file.path) && /^\s*export\s+\*/m.test(readFileSync(join(src, file.path), 'utf8')),
    );
    expect(barrels.map((file) => file.path)).toEqual([]);
  });
});
