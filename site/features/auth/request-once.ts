import { useEffect, useState } from 'react'

const inFlight = new Map<string, Promise<unknown>>()

/**
 * One call per key for the life of the page: StrictMode's double effect, a re-mount or a second
 * render all share the first promise (a verification link works once:
 * docs/product.md#page-verify-email).
 */
export function requestOnce<T>(key: string, call: () => Promise<T>): Promise<T> {
  let promise = inFlight.get(key) as Promise<T> | undefined
  if (!promise) {
    promise = call()
    inFlight.set(key, promise)
  }
  return promise
}

export type OnceState<T> =
  { status: 'pending' } | { status: 'success'; value: T } | { status: 'error'; error: unknown }

/** Runs `call` once for `key` (null: do nothing) and follows its outcome. */
export function useRequestOnce<T>(key: string | null, call: () => Promise<T>): OnceState<T> {
  const [state, setState] = useState<OnceState<T>>({ status: 'pending' })
  useEffect(() => {
    if (key === null) return
    let active = true
    requestOnce(key, call).then(
      (value) => {
        if (active) setState({ status: 'success', value })
      },
      (error: unknown) => {
        if (active) setState({ status: 'error', error })
      },
    )
    return () => {
      active = false
    }
    // `call` is a fresh closure every render; the key alone decides whether to call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  return state
}
