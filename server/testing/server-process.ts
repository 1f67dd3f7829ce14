import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { API_PREFIX } from '../../api/routes.ts'

/** A free loopback port now; a server started right after takes it. */
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

export interface ServerProcess {
  name: string
  pid: number
  port: number
  /** `http://127.0.0.1:<port>/api/v1` */
  api: string
  /** `http://127.0.0.1:<port>` */
  origin: string
  child: ChildProcess
  /** The last of what it printed, for a failure's message. */
  output: () => string
  /** Settles when the process has exited, for whatever reason. */
  exited: Promise<void>
  alive: () => boolean
}

const root = path.resolve(import.meta.dirname, '../..')

/**
 * `server/main.ts` under tsx's loader in one Node process, as scripts/start.js runs it but without
 * the wrapper, so SIGKILL reaches the process that holds the connections and the leases. Only PATH
 * is inherited: the rest of the environment is `env`, as an operator would set it.
 */
export function spawnServer(
  name: string,
  port: number,
  env: Record<string, string>,
): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'main.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), ...env },
  })
  if (child.pid === undefined) throw new Error(`${name}: the process did not start`)
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve()
    })
  })
  const origin = `http://127.0.0.1:${port}`
  return {
    name,
    pid: child.pid,
    port,
    origin,
    api: `${origin}${API_PREFIX}`,
    child,
    output: () => output,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
  }
}

/** Polls the health check until it answers 200 (it queries the database). */
export async function waitUntilHealthy(server: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (!server.alive()) {
      throw new Error(`${server.name} exited before it was ready:\n${server.output()}`)
    }
    try {
      if ((await fetch(`${server.api}/healthz`)).ok) return
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      throw new Error(`${server.name} did not become healthy:\n${server.output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** SIGTERM (a clean stop) or SIGKILL, and waits for the exit. */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals): Promise<void> {
  if (server.alive()) server.child.kill(signal)
  await server.exited
}
