export interface WaitOptions {
  /** Where changes are watched; the document's root element by default. */
  root?: Node
  timeoutMs: number
  /** Also look again this often: some changes (an input's value) cause no DOM mutation. */
  pollMs?: number
}

/**
 * Resolves with the first non-null answer of `probe`, looking again on every DOM change (a
 * MutationObserver) and every `pollMs`; with null after `timeoutMs`.
 */
export function waitFor<T>(
  doc: Document,
  probe: () => T | null | undefined,
  options: WaitOptions,
): Promise<T | null> {
  const first = probe()
  if (first !== null && first !== undefined) return Promise.resolve(first)
  const view = doc.defaultView ?? globalThis
  return new Promise((resolve) => {
    let done = false
    const finish = (value: T | null) => {
      if (done) return
      done = true
      observer.disconnect()
      view.clearTimeout(timeout)
      view.clearInterval(poll)
      resolve(value)
    }
    const look = () => {
      if (done) return
      const found = probe()
      if (found !== null && found !== undefined) finish(found)
    }
    // A page that is rendering changes many times a frame: look once per burst of changes.
    let pending = false
    const observer = new view.MutationObserver(() => {
      if (pending) return
      pending = true
      view.setTimeout(() => {
        pending = false
        look()
      }, 10)
    })
    observer.observe(options.root ?? doc.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    })
    const poll = view.setInterval(look, options.pollMs ?? 100)
    const timeout = view.setTimeout(() => {
      finish(null)
    }, options.timeoutMs)
  })
}

export function sleep(doc: Document, ms: number): Promise<void> {
  const view = doc.defaultView ?? globalThis
  return new Promise((resolve) => view.setTimeout(resolve, ms))
}
