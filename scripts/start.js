// `npm start`: build what needs building, then run the server (docs/architecture.md#starting).
// Plain Node ESM on purpose: it must run before anything is built or compiled.
//
// LISTINGBRIDGE_SKIP_BUILD=1 skips step 1 and serves dist/ as it is. The end-to-end tests use it:
// their global setup builds once (tests/support/global-setup.ts) and every test file then starts
// its own server this way, so test files never build at the same time.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { constants } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildEnv } from './build-env.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** Step 1: builds. The site (site/) and the extension (src/) add a `build` script when they
 * arrive; until then there is nothing to build and the server starts at once. */
function build() {
  if (process.env.LISTINGBRIDGE_SKIP_BUILD === '1') {
    if (!existsSync(path.join(root, 'dist', 'site', 'index.html'))) {
      console.warn(
        'npm start: LISTINGBRIDGE_SKIP_BUILD=1 but dist/site is not built; run `npm run build`.',
      )
    }
    return
  }
  /** @type {unknown} */
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  const scripts = pkg && typeof pkg === 'object' && 'scripts' in pkg ? pkg.scripts : undefined
  if (!(scripts && typeof scripts === 'object' && 'build' in scripts)) return
  console.log('Building the site and the extension (npm run build)…')
  const result = spawnSync(npm, ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: buildEnv(process.env),
  })
  if (result.error) throw result.error
  if (result.status !== 0) {
    console.error(`npm start: the build failed (exit code ${result.status ?? result.signal}).`)
    process.exit(result.status ?? 1)
  }
}

/** Step 2: the server, TypeScript run directly by tsx's loader in one Node process. */
function serve() {
  const env = { ...process.env }
  env.PORT ??= '8787'
  // A relative DATA_DIR means relative to where the command was typed; the default is data/
  // of the project.
  env.DATA_DIR = path.resolve(env.DATA_DIR ?? path.join(root, 'data'))
  const tsx = import.meta.resolve('tsx')
  const child = spawn(process.execPath, ['--import', tsx, path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env,
    stdio: 'inherit',
    detached: true,
  })

  // The child runs in its own process group (detached), so a signal reaches it exactly once:
  // from us. Ctrl-C in the terminal, `kill <pid>` from a process manager or a test all land
  // here and are passed on; the server closes cleanly and exits, and so do we.
  /** @type {NodeJS.Signals[]} */
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP']
  for (const signal of signals) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    })
  }
  child.on('error', (error) => {
    console.error(`npm start: could not start the server: ${error.message}`)
    process.exit(1)
  })
  child.on('exit', (code, signal) => {
    if (signal) {
      // Re-raise so our parent sees the same cause of death; exit code as a fallback.
      process.removeAllListeners(signal)
      process.kill(process.pid, signal)
      setTimeout(() => process.exit(128 + constants.signals[signal]), 100).unref()
      return
    }
    process.exit(code ?? 1)
  })
}

build()
serve()
