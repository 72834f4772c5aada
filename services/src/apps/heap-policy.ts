import { setFlagsFromString } from 'node:v8';

/**
 * How an HTTP role (api, and `all` under `make start`) keeps its V8 heap near what it holds. Its
 * garbage is answers made and sent within a request, yet on a machine of 24 GB V8 lets the young
 * generation grow to 64 MB a semi-space and the old one to several times what survives between
 * full collections: the API peaked at 470-550 MB under varied windows (bench/http/memory.ts)
 * while holding about 100 MB. With a 16 MB semi-space and the old generation grown by 75 % of
 * what survives, it peaked at 330-360 MB, serving 0-7 % fewer answers a second.
 *
 * V8 sizes the young generation when the process starts: every launcher of an HTTP role passes
 * these flags (the Makefile's `start`, deploy/'s api command, testing/stack.ts), and a unit test
 * (deploy-manifests) holds them to this list. Heap growth is read at each collection: set here.
 */
export const HTTP_ROLE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16'];

/**
 * The C allocator's setting for every process of the image (the Dockerfile's ENV, the Makefile's
 * `start`, testing/stack.ts; held by deploy-manifests.unit). glibc serves a block of at least the
 * mmap threshold with a mapping of its own, returned to the system when freed, but raises that
 * threshold to each such block freed: after one 6 MB read of a series' week, every answer and
 * socket buffer below 6 MB came from its heaps, which it rarely gives back. A fixed threshold
 * (its default, 128 KB) stops the raising. At a year of data the stack's RSS peak under varied
 * price history windows went from 677-685 MB to 428-431 MB (4 runs, alternating); bench/scale's
 * peak over all routes, set by the v1 loads' external memory, stayed at 532-544 MB.
 */
export const ALLOCATOR_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: '131072' };

/** The old generation grows by 75 % of what survives a full collection (V8 chooses up to 4x on a large machine). */
export function limitHeapGrowth(): void {
  setFlagsFromString('--heap-growing-percent=75');
}

/** Resident memory (MB) above which an HTTP role on PostgreSQL saves memory, and below which it stops. */
export const MEMORY_SAVER_ON_MB = 300;
export const MEMORY_SAVER_OFF_MB = 260;
const MEMORY_CHECK_MS = 250;

export interface MemoryGovernorParts {
  readonly residentBytes: () => number;
  readonly setSaver: (on: boolean) => void;
}

const V8_SAVER: MemoryGovernorParts = {
  residentBytes: () => process.memoryUsage.rss(),
  setSaver: (on) => setFlagsFromString(on ? '--memory-saver-mode' : '--no-memory-saver-mode'),
};

/**
 * Turns V8's memory saver mode (collections sooner, free pages given back, as Chrome does for a
 * tab in the background) on while the process's resident memory is above MEMORY_SAVER_ON_MB, and
 * off again below MEMORY_SAVER_OFF_MB, as Chromium's MemorySaverController does with the memory a
 * device has left; V8 reads the flag at each collection. Always on, it held a year of data's varied
 * windows to 367-397 MB (524-532 MB without) but cost the hot routes 5-15 % of their answers a
 * second, whose small answers keep the process below the mark. Only for a process on PostgreSQL:
 * an embedded one holds PGlite too (394-480 MB at rest), so the mark would keep the saver on.
 * The timer does not keep the process alive; `check` runs it now and `stop` ends it (tests).
 */
export function governMemory(
  onChange: (on: boolean, residentMb: number) => void,
  parts: MemoryGovernorParts = V8_SAVER,
): { check: () => void; stop: () => void } {
  let saving = false;
  const check = (): void => {
    const residentMb = parts.residentBytes() / 2 ** 20;
    const want = saving ? residentMb >= MEMORY_SAVER_OFF_MB : residentMb > MEMORY_SAVER_ON_MB;
    if (want === saving) return;
    saving = want;
    parts.setSaver(want);
    onChange(want, residentMb);
  };
  const timer = setInterval(check, MEMORY_CHECK_MS).unref();
  return { check, stop: () => clearInterval(timer) };
}
