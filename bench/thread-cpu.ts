import { readFileSync } from 'node:fs'

/**
 * CPU time of this process's main thread, in nanoseconds, or null where Linux's per-thread
 * schedstat is not there. The server's event loop runs on the main thread and the load
 * generators elsewhere (saturation-load.ts, steady-load.ts), so this is the server's event-loop
 * cost (V8's helper threads, which do part of the garbage collection, are not counted): steadier
 * than throughput on a machine whose other tenants come and go.
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
