/**
 * Zod compiles object schemas with `new Function` unless told not to, and merely probing for it
 * is a Content-Security-Policy violation under our `script-src 'self'`. main.tsx imports this
 * first, and the build puts it in the framework chunk with zod, which every chunk that builds a
 * schema imports: it runs before any module builds one (zod reads the setting at construction).
 */
// The one setting of zod's core, shared by `zod` and `zod/mini`: the lighter import sets it.
import { config } from 'zod/mini';

config({ jitless: true });
