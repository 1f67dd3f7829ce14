/**
 * autocannon in a child process, for the saturation rows of run.ts. A real client lives in its
 * own process; in a worker thread it shared the server's process (its allocator, its memory), so
 * the server's CPU per answer was not the server's alone
 * (docs/operations.md#where-usersme-spends-its-time).
 */
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

const CHILD_FLAG = '--saturation-load'

export interface SaturationOptions {
  url: string
  method: 'GET' | 'POST'
  headers: Record<string, string> | undefined
  body: string | undefined
  connections: number
  duration: number
}

/** One autocannon run from a child process, which loads this file through tsx's loader. */
export function saturationLoad(options: SaturationOptions): Promise<autocannon.Result> {
  // Named rather than inherited: under vitest the parent has no tsx loader to pass on.
  const child = fork(fileURLToPath(import.meta.url), [CHILD_FLAG], {
    execArgv: ['--import', import.meta.resolve('tsx')],
  })
  return new Promise((resolve, reject) => {
    child.once('message', (result) => {
      resolve(result as autocannon.Result)
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load process exited with ${String(code)}`))
    })
    child.send(options)
  })
}

if (process.argv.includes(CHILD_FLAG)) {
  process.once('message', (options: SaturationOptions) => {
    void autocannon(options).then((result) => {
      process.send?.(result, () => process.exit(0))
    })
  })
}
