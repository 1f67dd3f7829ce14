/**
 * A real server for end-to-end tests, started the way `npm start` starts it (`node
 * scripts/start.js`) on a free port with its own temporary DATA_DIR, so any number run side by side
 * (docs/architecture.md#starting). The e2e global setup has already built dist/, so start.js is
 * told not to build again (LISTINGBRIDGE_SKIP_BUILD=1).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { root } from './paths.ts'

/** Settings `loadConfig` reads: the child gets none of ours, only the ones a test passes. */
const CONFIG_KEYS = [
  'NODE_ENV',
  'HOST',
  'PORT',
  'DATA_DIR',
  'SITE_URL',
  'API_URL',
  'SITE_ORIGINS',
  'EXTENSION_IDS',
  'JWT_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
  'SUPPORT_EMAIL',
  'RATE_LIMIT_FACTOR',
  'TRUST_PROXY',
  'LOG_LEVEL',
  'DATABASE_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_URL',
  'CRM_PRIVATE_TARGETS',
  'FOLLOW_UP_BOSS_API_URL',
  'MARKETPLACE_FORM_PROFILE',
]

const READY_TIMEOUT_MS = 45_000
const STOP_TIMEOUT_MS = 10_000
const PORT_ATTEMPTS = 3

export interface RunningServer {
  /** Origin of the site and the API, e.g. `http://localhost:40123` (no trailing slash). */
  url: string
  /** `${url}/api/v1` */
  api: string
  port: number
  /** The temporary DATA_DIR; removed by `stop()`. */
  dataDir: string
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string
  /** SIGTERM, wait for the exit (SIGKILL after 10 s), remove the DATA_DIR. */
  stop: () => Promise<void>
  /**
   * Stops the server and starts it again on the same port and DATA_DIR (the same accounts and
   * secret), with `env` over the first start's: what an operator does after changing a setting.
   */
  restart: (env?: Record<string, string>) => Promise<void>
}

export interface StartServerOptions {
  /**
   * More environment for the server (e.g. `SUPPORT_EMAIL`). PORT and DATA_DIR are chosen here;
   * RATE_LIMIT_FACTOR defaults to 100 (tests sign in often from one address), LOG_LEVEL to warn.
   */
  env?: Record<string, string>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => {
        resolve(port)
      })
    })
  })
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve()
    })
  })
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
  await exited
  clearTimeout(timer)
}

class PortTaken extends Error {}

interface StartedProcess {
  child: ChildProcess
  output: () => string
}

/** The server process on `port` with `dataDir`, once healthy; killed when it does not get there. */
async function startProcess(
  port: number,
  dataDir: string,
  options: StartServerOptions,
): Promise<StartedProcess> {
  const url = `http://localhost:${port}`
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const key of CONFIG_KEYS) Reflect.deleteProperty(env, key)
  Object.assign(env, {
    RATE_LIMIT_FACTOR: '100',
    LOG_LEVEL: 'warn',
    ...options.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LISTINGBRIDGE_SKIP_BUILD: '1',
  })
  const child = spawn(process.execPath, ['scripts/start.js'], { cwd: root, env })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))

  try {
    const deadline = Date.now() + READY_TIMEOUT_MS
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        if (output.includes('EADDRINUSE')) throw new PortTaken(output)
        throw new Error(
          `the server exited (${String(child.exitCode ?? child.signalCode)}) before it was ready:\n${output}`,
        )
      }
      try {
        const res = await fetch(`${url}/api/v1/healthz`)
        if (res.ok) break
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`the server did not become healthy:\n${output}`)
      // Polls a condition (the health check), not a fixed wait.
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  } catch (error) {
    await stopChild(child)
    throw error
  }
  return { child, output: () => output }
}

async function startOnce(port: number, options: StartServerOptions): Promise<RunningServer> {
  const url = `http://localhost:${port}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lb-e2e-'))
  let current: StartedProcess
  try {
    current = await startProcess(port, dataDir, options)
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  return {
    url,
    api: `${url}/api/v1`,
    port,
    dataDir,
    output: () => current.output(),
    async stop() {
      await stopChild(current.child)
      rmSync(dataDir, { recursive: true, force: true })
    },
    async restart(env = {}) {
      await stopChild(current.child)
      current = await startProcess(port, dataDir, { env: { ...options.env, ...env } })
    },
  }
}

/** Starts `node scripts/start.js` on a free port and resolves once `/api/v1/healthz` answers. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  // Another process may take the port between choosing and listening: try a few.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(await freePort(), options)
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= PORT_ATTEMPTS) throw error
    }
  }
}
