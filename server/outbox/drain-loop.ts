/** Just what a loop logs; Fastify's logger fits. */
export interface LoopLog {
  error: (details: object, message: string) => void
}

export interface DrainLoop {
  /** Polls until stopped; the timer does not keep the process alive. */
  start: () => void
  /** Stops polling and waits for the pass in flight, so the database can close after it. */
  stop: () => Promise<void>
}

/**
 * Runs `pass` about every `pollMs` while started; at once again when a pass says more is due (it
 * filled its batch). A failed pass is logged and the loop goes on.
 */
export function drainLoop(
  pass: () => Promise<{ more: boolean }>,
  options: { pollMs: number; log: LoopLog; name: string },
): DrainLoop {
  let timer: NodeJS.Timeout | undefined
  let running = false
  let inFlight: Promise<unknown> | undefined

  function schedule(delayMs: number): void {
    if (!running) return
    timer = setTimeout(tick, delayMs)
    timer.unref()
  }

  function tick(): void {
    const done = pass().then(
      (r) => r.more,
      (error: unknown) => {
        options.log.error({ err: error }, `${options.name} pass failed`)
        return false
      },
    )
    inFlight = done
    void done.then((more) => {
      inFlight = undefined
      schedule(more ? 0 : options.pollMs)
    })
  }

  return {
    start() {
      if (running) return
      running = true
      schedule(0)
    },
    async stop() {
      running = false
      clearTimeout(timer)
      await inFlight
    },
  }
}
