/**
 * Zod compiles object schemas with `new Function` unless told not to, and merely probing for it
 * is a Content-Security-Policy violation under our `script-src 'self'`. loader.ts imports this
 * first, so it runs before any module builds a schema (zod reads the setting at construction).
 */
// The one setting of zod's core, shared by `zod` and `zod/mini`: the lighter import sets it.
import { config } from 'zod/mini';

config({ jitless: true });
