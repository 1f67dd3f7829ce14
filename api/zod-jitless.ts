import { z } from 'zod'

/**
 * Import first in every browser entry (the site, the extension's pages and scripts). Zod 4
 * compiles object parsers with `new Function` unless told not to, and probes for it when a schema
 * is built; under our CSPs (no 'unsafe-eval') the probe is a CSP violation on every page that
 * builds a schema, even though zod swallows the error. The server keeps the faster compiled
 * parsers: it has no CSP.
 */
z.config({ jitless: true })
