import { readFileSync } from 'node:fs'

/**
 * CPU time of this process's main thread, in nanoseconds, or null where Linux's per-thread
 * schedstat is not there. The server's event loop runs on the main thread and the load
 * generators in workers, so this is the server's own cost: steadier than throughput on a machine
 * whose other tenants come and go.
 */
export function mainThreadCpuNs(): number | null {
  try {
    const [onCpu] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')
    const ns = Number(onCpu)
    return Number.isFinite(ns) ? ns : null
  } catch {
    return null
  }
}
