/**
 * Zod compiles object schemas with `new Function` unless told not to, and merely probing for it
 * is a Content-Security-Policy violation under our `script-src 'self'`. main.tsx imports this
 * first, so it runs before any module builds a schema (zod reads the setting at construction).
 */
import { config } from 'zod';

config({ jitless: true });
