/**
 * zod for schemas that also run in the browser. There zod would probe for `new Function` to
 * compile faster parsers; the CSP forbids eval, so the probe fails and the browser reports a
 * violation. Schemas made through this module parse without compiling in the browser (the
 * setting must be made before any schema exists, hence a module of its own, imported first).
 */
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
