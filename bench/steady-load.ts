/**
 * An open-loop load generator for latency at a fixed rate: one request every 1/rate s,
 * sent on schedule whether or not earlier ones have answered (autocannon's rate option instead
 * sends each second's quota in a burst, which measures a burst, not a rate).
 *
 * Runs in a worker thread (see `steadyLoad`), so it does not share the server's event loop.
 */
import http from 'node:http'
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'

export interface SteadyLoadOptions {
  url: string
  headers?: Record<string, string>
  rate: number
  seconds: number
  /** Run first at the same rate and thrown away: JIT, connections and caches warm up. */
  warmupSeconds?: number
  /** Most requests in flight at once; a server slower than the rate builds a queue up to this. */
  maxInFlight?: number
}

export interface SteadyLoadResult {
  sent: number
  ok: number
  failed: number
  /** Requests per second actually answered. */
  rps: number
  /** Latencies in milliseconds, sorted ascending. */
  latencies: number[]
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? Number.NaN
}

/** Runs the load in a fresh worker thread and resolves with its result. */
export function steadyLoad(options: SteadyLoadOptions): Promise<SteadyLoadResult> {
  return new Promise((resolve, reject) => {
    // Worker threads do not inherit tsx's loader on Node 20: register it, then load this file.
    const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
      .then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}) })`
    const worker = new Worker(bootstrap, { eval: true, workerData: options })
    worker.once('message', (result: SteadyLoadResult) => {
      resolve(result)
      void worker.terminate()
    })
    worker.once('error', reject)
  })
}

async function run(options: SteadyLoadOptions): Promise<SteadyLoadResult> {
  const maxInFlight = options.maxInFlight ?? 64
  const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight })
  if (options.warmupSeconds) await phase(options, options.warmupSeconds, agent, maxInFlight)
  const result = await phase(options, options.seconds, agent, maxInFlight)
  agent.destroy()
  return result
}

async function phase(
  options: SteadyLoadOptions,
  seconds: number,
  agent: http.Agent,
  maxInFlight: number,
): Promise<SteadyLoadResult> {
  const url = new URL(options.url)
  const interval = 1000 / options.rate
  const total = Math.round(options.rate * seconds)
  const latencies: number[] = []
  let sent = 0
  let ok = 0
  let failed = 0
  let inFlight = 0
  const start = performance.now()

  await new Promise<void>((done) => {
    const finishIfDone = () => {
      if (sent === total && inFlight === 0) done()
    }
    const fire = () => {
      sent++
      inFlight++
      const began = performance.now()
      const req = http.request(url, { agent, headers: options.headers, method: 'GET' }, (res) => {
        res.resume()
        res.on('end', () => {
          inFlight--
          if (res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300) {
            ok++
            latencies.push(performance.now() - began)
          } else {
            failed++
          }
          finishIfDone()
        })
      })
      req.on('error', () => {
        inFlight--
        failed++
        finishIfDone()
      })
      req.end()
    }
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1)
      while (sent < due && inFlight < maxInFlight) fire()
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()))
      else finishIfDone()
    }
    tick()
  })

  const elapsed = (performance.now() - start) / 1000
  latencies.sort((a, b) => a - b)
  return { sent, ok, failed, rps: ok / elapsed, latencies }
}

if (!isMainThread && parentPort) {
  const port = parentPort
  void run(workerData as SteadyLoadOptions).then((result) => {
    port.postMessage(result)
  })
}
