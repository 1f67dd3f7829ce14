import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The project root. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** Debian's chromium; the full `puppeteer` package cannot download a browser here. */
export const CHROMIUM_PATH = '/usr/bin/chromium'

/** Where browser tests write what a person should look at (gitignored). */
export const screenshotDir = path.join(root, 'test-results', 'screenshots')
