/** Downloading the draft's photos: a few at a time, each retried with back-off. */
import { isListingPhotoUrl } from '../../api/listing-sources.ts'

export interface PhotoFetchOptions {
  /**
   * Downloads at once (default 6: Chrome opens at most 6 connections to a host over HTTP/1.1, so
   * more would only wait inside the browser; over HTTP/2 they share one connection anyway).
   */
  concurrency?: number
  /** Extra attempts after the first failure (default 2). */
  retries?: number
  /** Wait before retry n (1-based) is `backoffMs * 3^(n-1)`: 300 ms, then 900 ms by default. */
  backoffMs?: number
  /** Per attempt (default 20 s). */
  timeoutMs?: number
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  /** Stops every download not yet settled (the draft's tab closed); they settle as failed. */
  signal?: AbortSignal
}

export type FetchedPhoto =
  | { index: number; url: string; ok: true; blob: Blob }
  | { index: number; url: string; ok: false; error: string }

class PhotoError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message)
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** 408, 425, 429 and 5xx may pass on a second try; other statuses will not. */
function retryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500
}

async function download(
  url: string,
  doFetch: typeof fetch,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<Blob> {
  // Only the sources' photo hosts: a draft's URLs came from a web page in the end.
  if (!isListingPhotoUrl(url)) throw new PhotoError("not on a listing site's photo host", false)
  const timeout = AbortSignal.timeout(timeoutMs)
  let response: Response
  try {
    response = await doFetch(url, {
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    })
  } catch (error) {
    throw new PhotoError(error instanceof Error ? error.message : 'network error', !signal?.aborted)
  }
  if (!response.ok)
    throw new PhotoError(`HTTP ${response.status}`, retryableStatus(response.status))
  const blob = await response.blob().catch(() => {
    throw new PhotoError('the download broke off', !signal?.aborted)
  })
  const type = (response.headers.get('content-type') ?? blob.type).split(';')[0]?.trim() ?? ''
  if (!type.startsWith('image/')) throw new PhotoError(`not an image (${type || 'no type'})`, false)
  return blob.type === type ? blob : new Blob([blob], { type })
}

/** Downloads one photo (index and URL), retrying as the options say. */
export type PhotoDownload = (index: number, url: string) => Promise<FetchedPhoto>

/**
 * A downloader that runs at most `concurrency` downloads at once, starting them in the order they
 * were asked for. A photo that still fails after the retries is reported, not thrown: the draft
 * goes on with the others.
 */
export function photoDownloader(options: PhotoFetchOptions = {}): PhotoDownload {
  const concurrency = Math.max(1, options.concurrency ?? 6)
  const retries = Math.max(0, options.retries ?? 2)
  const backoffMs = options.backoffMs ?? 300
  const timeoutMs = options.timeoutMs ?? 20_000
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const sleep = options.sleep ?? defaultSleep
  const { signal } = options

  let active = 0
  const queue: (() => void)[] = []
  const slot = async () => {
    if (active < concurrency) {
      active++
      return
    }
    // The finishing download hands its slot straight over, so `active` stays counted.
    await new Promise<void>((resolve) => queue.push(resolve))
  }
  const release = () => {
    const next = queue.shift()
    if (next) next()
    else active--
  }

  async function attempts(index: number, url: string): Promise<FetchedPhoto> {
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) return { index, url, ok: false, error: 'stopped' }
      try {
        return { index, url, ok: true, blob: await download(url, doFetch, timeoutMs, signal) }
      } catch (error) {
        const photoError =
          error instanceof PhotoError ? error : new PhotoError(String(error), false)
        if (!photoError.retryable || attempt >= retries) {
          return { index, url, ok: false, error: photoError.message }
        }
        await sleep(backoffMs * 3 ** attempt)
      }
    }
  }

  return async (index, url) => {
    await slot()
    try {
      return await attempts(index, url)
    } finally {
      release()
    }
  }
}
