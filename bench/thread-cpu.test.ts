import { pbkdf2Sync } from 'node:crypto'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { mainThreadCpuNs } from './thread-cpu.ts'

/** Spins a worker thread until its own CPU time has grown by `ms`; resolves with that time, ns. */
function spinInWorker(ms: number): Promise<number> {
  const source = `
    const { readFileSync } = require('node:fs')
    const { parentPort, workerData } = require('node:worker_threads')
    const own = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0])
    const start = own()
    while (own() - start < workerData * 1e6) {}
    parentPort.postMessage(own() - start)`
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: ms })
    worker.once('message', (ns: number) => {
      resolve(ns)
    })
    worker.once('error', reject)
  })
}

describe.runIf(mainThreadCpuNs() !== null)('mainThreadCpuNs', () => {
  it("counts the main thread's CPU time, not a worker thread's", async () => {
    const before = mainThreadCpuNs() ?? 0
    const workerNs = await spinInWorker(200)
    const mainNs = (mainThreadCpuNs() ?? 0) - before
    expect(workerNs).toBeGreaterThanOrEqual(200e6)
    // The main thread only waited; the process's CPU time would include the worker's 200 ms.
    expect(mainNs).toBeLessThan(workerNs / 2)

    // Work on the main thread shows up in it (100,000 rounds of SHA-256: tens of ms of CPU).
    const busyFrom = mainThreadCpuNs() ?? 0
    pbkdf2Sync('bench', 'salt', 100_000, 32, 'sha256')
    expect((mainThreadCpuNs() ?? 0) - busyFrom).toBeGreaterThan(1e6)
  })
})
