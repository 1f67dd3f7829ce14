/**
 * Global setup of the `e2e` vitest project, run once before any of its files:
 *
 * 1. Debian's Chromium must be at /usr/bin/chromium (docs/architecture.md#tests). When it is
 *    missing it is installed (as root), or the run stops at once with the one command that
 *    installs it: the browser tests are never skipped.
 * 2. `npm run build` (site and extension), once, so test files do not build at the same time;
 *    every file then starts its server with LISTINGBRIDGE_SKIP_BUILD=1 (tests/support/server.ts).
 *    With LISTINGBRIDGE_SKIP_BUILD=1 in the environment and dist/ present, the build is skipped
 *    here too (for quick reruns while working on tests).
 */
import { spawnSync } from 'node:child_process'
import { accessSync, constants, existsSync } from 'node:fs'
import path from 'node:path'
import { CHROMIUM_PATH, root } from './paths.ts'

const INSTALL_COMMAND = 'apt-get update && apt-get install -y chromium'

function chromiumPresent(): boolean {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK)
    return true
  } catch {
    return false
  }
}

export function ensureChromium(): void {
  if (chromiumPresent()) return
  if (process.getuid?.() !== 0) {
    throw new Error(
      `The browser tests need Debian's Chromium at ${CHROMIUM_PATH}. Install it as root:\n\n` +
        `  ${INSTALL_COMMAND}\n`,
    )
  }
  console.log(`Chromium is missing at ${CHROMIUM_PATH}; installing it: ${INSTALL_COMMAND}`)
  const result = spawnSync('sh', ['-c', INSTALL_COMMAND], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (result.status !== 0 || !chromiumPresent()) {
    throw new Error(
      `Installing Chromium failed (exit ${String(result.status ?? result.signal)}). ` +
        `Run as root:\n\n  ${INSTALL_COMMAND}\n`,
    )
  }
}

function built(): boolean {
  return (
    existsSync(path.join(root, 'dist', 'site', 'index.html')) &&
    existsSync(path.join(root, 'dist', 'extension', 'manifest.json'))
  )
}

export function buildOnce(): void {
  if (process.env.LISTINGBRIDGE_SKIP_BUILD === '1' && built()) return
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  // vitest sets NODE_ENV=test, and Vite builds React's development bundle unless NODE_ENV is unset
  // or production: build exactly what `npm start` serves.
  const env = { ...process.env }
  delete env.NODE_ENV
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, env, encoding: 'utf8' })
  if (result.error) throw result.error
  if (result.status !== 0) {
    throw new Error(
      `npm run build failed (exit ${String(result.status ?? result.signal)}):\n` +
        `${result.stdout}\n${result.stderr}`,
    )
  }
}

export default function setup(): void {
  ensureChromium()
  buildOnce()
}
