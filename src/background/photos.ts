/** Downloading the draft's photos: a few at a time, each retried with back-off. */

export interface PhotoFetchOptions {
  /** Downloads at once (default 4). */
  concurrency?: number
  /** Extra attempts after the first failure (default 2). */
  retries?: number
  /** Wait before retry n (1-based) is `backoffMs * 3^(n-1)`: 300 ms, then 900 ms by default. */
  backoffMs?: number
  /** Per attempt (default 20 s). */
  timeoutMs?: number
  fetch?: typeof fetch
  /** Called after each photo is settled (downloaded or given up on). */
  onProgress?: (done: number, total: number) => void
  sleep?: (ms: number) => Promise<void>
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

async function download(url: string, doFetch: typeof fetch, timeoutMs: number): Promise<Blob> {
  let response: Response
  try {
    response = await doFetch(url, {
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    throw new PhotoError(error instanceof Error ? error.message : 'network error', true)
  }
  if (!response.ok)
    throw new PhotoError(`HTTP ${response.status}`, retryableStatus(response.status))
  const blob = await response.blob().catch(() => {
    throw new PhotoError('the download broke off', true)
  })
  const type = (response.headers.get('content-type') ?? blob.type).split(';')[0]?.trim() ?? ''
  if (!type.startsWith('image/')) throw new PhotoError(`not an image (${type || 'no type'})`, false)
  return blob.type === type ? blob : new Blob([blob], { type })
}

/**
 * Downloads every URL, at most `concurrency` at once, in the order given; answers one result per
 * URL, in the same order. A photo that still fails after the retries is reported, not thrown: the
 * draft goes on with the others.
 */
export async function fetchPhotos(
  urls: readonly string[],
  options: PhotoFetchOptions = {},
): Promise<FetchedPhoto[]> {
  const concurrency = Math.max(1, options.concurrency ?? 4)
  const retries = Math.max(0, options.retries ?? 2)
  const backoffMs = options.backoffMs ?? 300
  const timeoutMs = options.timeoutMs ?? 20_000
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const sleep = options.sleep ?? defaultSleep

  const results: FetchedPhoto[] = new Array<FetchedPhoto>(urls.length)
  let next = 0
  let done = 0

  async function one(index: number, url: string): Promise<FetchedPhoto> {
    for (let attempt = 0; ; attempt++) {
      try {
        return { index, url, ok: true, blob: await download(url, doFetch, timeoutMs) }
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

  async function worker(): Promise<void> {
    while (next < urls.length) {
      const index = next++
      results[index] = await one(index, urls[index] as string)
      done++
      options.onProgress?.(done, urls.length)
    }
  }

  await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, () => worker()))
  return results
}
