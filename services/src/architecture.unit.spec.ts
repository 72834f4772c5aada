import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Layers that only point down, checked on the sources (value and type imports alike):
 *
 *   contracts → infrastructure → projector → read-models → domain folders → api → apps
 *
 * Infrastructure knows nothing of the product. Its folders are listed in order, each allowed to
 * import the ones before it:
 * - config, logging, metrics, database, event-log: the environment, the process's logger (JSON
 *   lines, secrets redacted, Nest's Logger over it), the catalogue of Prometheus metrics
 *   (recorded where things happen, served by the ops listener), the database and the log;
 * - secrets: the keys a deployment makes at first start and keeps (a file under the data folder,
 *   or a JetStream bucket every replica reads);
 * - core: the Nest module over those three, with the injection tokens and the clock, the
 *   projections' checkpoints and the read-your-writes progress on them, and the dead-letter
 *   recorder it injects into the event log;
 * - event-sourcing: deciders and appending their decisions (waiting on core's progress);
 * - http: what controllers share at the edge (validation, the error filter, the request ids
 *   and the line logged per request);
 * - content: the HTML rules of news and calendar (sanitising, plain text), which the read
 *   models apply when they answer;
 * - rate-limit, uploads: attempt stores and photo stores, an adapter per mode like the event
 *   log, and the in-memory limits (the public API's per-client windows);
 * - devnet: the local chains, a tool that the start script and the tests run, knowing nothing of the app.
 *
 * Every other top folder is a domain folder, found by listing, not named here. That includes
 * read-cache (hot answers keyed by the projections that write their tables, so it sits on the
 * read models), live, health, ops (the ops listener and readiness), openapi and overview
 * (routes like any other). Domain folders may import one another, never in a cycle.
 *
 * Table types (`*.table.ts`, `*.tables.ts`) live with the read model or the infrastructure that
 * owns them but belong to the schema: `database/schema.ts` assembles them, and they import column
 * types alone. Specs and test support (`testing/` folders) sit on top of everything: nothing
 * else may import them.
 */
const src = dirname(fileURLToPath(import.meta.url));

const INFRASTRUCTURE = [
  'config',
  'logging',
  'metrics',
  'database',
  'event-log',
  'secrets',
  'core',
  'event-sourcing',
  'http',
  'content',
  'rate-limit',
  'uploads',
  'devnet',
] as const;
const PROJECTOR = 'projector';
const READ_MODELS = 'read-models';
const API = 'api';
const APPS = 'apps';
const TESTING = 'testing';
const NAMED = new Set<string>([...INFRASTRUCTURE, PROJECTOR, READ_MODELS, API, APPS, TESTING]);

const isTest = (path: string) => path.includes('.spec.') || path.split(sep).includes(TESTING);
const isTable = (path: string) => /\.tables?\.ts$/.test(path);

/** A file's unit of layering: its top folder; a table file counts as the database's. */
function folderOf(path: string): string {
  if (isTest(path)) return TESTING;
  if (isTable(path)) return 'database';
  return path.split(sep)[0]!;
}

const domainFolders = readdirSync(src)
  .filter((name) => statSync(join(src, name)).isDirectory() && !NAMED.has(name))
  .sort();

/** Lower ranks may be imported by higher ones; domain folders share a rank. */
function rank(folder: string): number {
  const infrastructure = (INFRASTRUCTURE as readonly string[]).indexOf(folder);
  if (infrastructure >= 0) return infrastructure;
  const above = INFRASTRUCTURE.length;
  if (folder === PROJECTOR) return above;
  if (folder === READ_MODELS) return above + 1;
  if (domainFolders.includes(folder)) return above + 2;
  if (folder === API) return above + 3;
  if (folder === APPS) return above + 4;
  if (folder === TESTING) return above + 5;
  throw new Error(`${folder}: a top file or an unknown folder`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every relative import, export-from and dynamic import, as a path from src (type imports included). */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const pattern = /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s+['"](\.[^'"]+)['"]|import\s*\(\s*['"](\.[^'"]+)['"]\s*\)|^import\s+['"](\.[^'"]+)['"]/gm;
  return [...text.matchAll(pattern)].map((match) =>
    relative(src, resolve(dirname(file), (match[1] ?? match[2] ?? match[3])!)).replace(/\.js$/, '.ts'),
  );
}

const files = sourceFiles(src)
  .map((file) => relative(src, file))
  .filter((path) => path.includes(sep))
  .map((path) => ({ path, folder: folderOf(path), imports: relativeImports(join(src, path)) }));
const nonTest = files.filter((file) => !isTest(file.path));

/** Strongly connected components of more than one node (or a node importing itself), by Tarjan. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('services source layers', () => {
  it('finds the domain folders by listing', () => {
    expect(domainFolders.length).toBeGreaterThan(0);
    expect(domainFolders).not.toContain(API);
  });

  it('imports only downwards: infrastructure, projector, read models, domain, api, apps', () => {
    const known = new Map(files.map((file) => [file.path, file.folder]));
    const offending = files.flatMap((file) =>
      file.imports
        .filter((target) => known.has(target) && rank(known.get(target)!) > rank(file.folder))
        .map((target) => `${file.path} → ${target}`),
    );
    expect(offending).toEqual([]);
  });

  it('keeps table types to column types and other tables', () => {
    const offending = files
      .filter((file) => isTable(file.path))
      .flatMap((file) =>
        file.imports
          .filter((target) => !isTable(target) && target !== join('database', 'column-types.ts'))
          .map((target) => `${file.path} → ${target}`),
      );
    expect(offending).toEqual([]);
  });

  it('has no import cycle between files', () => {
    expect(cycles(new Map(nonTest.map((file) => [file.path, file.imports])))).toEqual([]);
  });

  it('has no import cycle between folders, domain folders included', () => {
    const known = new Map(nonTest.map((file) => [file.path, file.folder]));
    const graph = new Map<string, string[]>();
    for (const file of nonTest) {
      const targets = file.imports.map((target) => known.get(target)).filter((folder) => folder && folder !== file.folder);
      graph.set(file.folder, [...(graph.get(file.folder) ?? []), ...(targets as string[])]);
    }
    expect(cycles(graph)).toEqual([]);
  });
});
