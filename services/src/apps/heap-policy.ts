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

/** The old generation grows by 75 % of what survives a full collection (V8 chooses up to 4x on a large machine). */
export function limitHeapGrowth(): void {
  setFlagsFromString('--heap-growing-percent=75');
}
