import { describe, expect, it, vi } from 'vitest'
import { photoDownloader, type PhotoFetchOptions } from './photos.ts'
import { urlOf } from '../testing/fake-chrome.ts'

const jpeg = (body = 'jpeg-bytes') =>
  new Response(body, { status: 200, headers: { 'content-type': 'image/jpeg' } })
const urls = (n: number) =>
  Array.from({ length: n }, (_, i) => `https://photos.zillowstatic.com/p${i}.jpg`)
const noSleep = () => Promise.resolve()

/** Every URL through one downloader, as the worker asks for a draft's photos. */
function fetchPhotos(list: readonly string[], options: PhotoFetchOptions) {
  const download = photoDownloader(options)
  return Promise.all(list.map((url, index) => download(index, url)))
}

describe('downloading a draft’s photos', () => {
  it('never has more than `concurrency` downloads in flight, and keeps the order', async () => {
    let inFlight = 0
    let most = 0
    const fetch = vi.fn(async (input: string | URL | Request) => {
      inFlight++
      most = Math.max(most, inFlight)
      // Later URLs finish sooner: the answer must still be in the order asked.
      const n = Number(/p(\d+)/.exec(urlOf(input))?.[1])
      await new Promise((resolve) => setTimeout(resolve, 20 - n))
      inFlight--
      return jpeg(`photo ${n}`)
    })
    const results = await fetchPhotos(urls(10), { fetch, concurrency: 4 })
    expect(most).toBe(4)
    expect(fetch).toHaveBeenCalledTimes(10)
    expect(results.map((r) => r.ok && r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    const texts = await Promise.all(
      results.map((r) => (r.ok ? r.blob.text() : Promise.resolve(''))),
    )
    expect(texts).toEqual(urls(10).map((_, i) => `photo ${i}`))
  })

  it('defaults to 6 at once', async () => {
    let inFlight = 0
    let most = 0
    const fetch = vi.fn(async () => {
      most = Math.max(most, ++inFlight)
      await new Promise((resolve) => setTimeout(resolve, 5))
      inFlight--
      return jpeg()
    })
    await fetchPhotos(urls(9), { fetch })
    expect(most).toBe(6)
  })

  it('retries a failed download twice with growing back-off, then succeeds', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('busy', { status: 503 }))
      .mockResolvedValueOnce(jpeg())
    const sleep = vi.fn(noSleep)
    const [result] = await fetchPhotos(urls(1), { fetch, sleep })
    expect(result?.ok).toBe(true)
    expect(fetch).toHaveBeenCalledTimes(3)
    expect(sleep.mock.calls).toEqual([[300], [900]])
  })

  it('gives up after 2 retries and reports the photo instead of throwing', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('down', { status: 502 })))
    const results = await fetchPhotos(urls(2), { fetch, sleep: noSleep })
    expect(fetch).toHaveBeenCalledTimes(6)
    expect(results).toEqual([
      { index: 0, url: urls(2)[0], ok: false, error: 'HTTP 502' },
      { index: 1, url: urls(2)[1], ok: false, error: 'HTTP 502' },
    ])
  })

  it('does not retry what cannot get better: 404, or an answer that is not an image', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(new Response('gone', { status: 404 }))
      .mockResolvedValueOnce(new Response('<html>', { headers: { 'content-type': 'text/html' } }))
    const results = await fetchPhotos(urls(2), { fetch, concurrency: 1, sleep: noSleep })
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(results.map((r) => (r.ok ? 'ok' : r.error))).toEqual([
      'HTTP 404',
      'not an image (text/html)',
    ])
  })
})

describe('photoDownloader', () => {
  it("never fetches a URL off the listing sites' photo hosts", async () => {
    const fetch = vi.fn(() => Promise.resolve(jpeg('x')))
    const download = photoDownloader({ fetch })
    for (const url of [
      'https://192.168.1.1/router.jpg',
      'https://photos.zillowstatic.com.evil.example/p.jpg',
      'http://photos.zillowstatic.com/p.jpg',
      'https://photos.zillowstatic.com:8443/p.jpg',
    ]) {
      expect(await download(0, url)).toMatchObject({ ok: false, url })
    }
    expect(fetch).not.toHaveBeenCalled()
    expect(await download(1, 'https://ssl.cdn-redfin.com/photo/1.jpg')).toMatchObject({ ok: true })
  })

  it('bounds every download it is asked for, whenever asked, and starts them in order', async () => {
    const started: number[] = []
    let inFlight = 0
    let most = 0
    const fetch = vi.fn(async (input: string | URL | Request) => {
      started.push(Number(/p(\d+)/.exec(urlOf(input))?.[1]))
      most = Math.max(most, ++inFlight)
      await new Promise((resolve) => setTimeout(resolve, 5))
      inFlight--
      return jpeg()
    })
    const download = photoDownloader({ fetch, concurrency: 2 })
    const first = urls(3).map((url, i) => download(i, url))
    // Asked for later (a restarted worker resuming more photos): they queue behind the first.
    const later = urls(6)
      .slice(3)
      .map((url, i) => download(i + 3, url))
    const results = await Promise.all([...first, ...later])
    expect(results.every((r) => r.ok)).toBe(true)
    expect(most).toBe(2)
    expect(started).toEqual([0, 1, 2, 3, 4, 5])
  })

  it('stops when its signal aborts: no retries, the rest fail at once', async () => {
    const abort = new AbortController()
    const fetch = vi.fn(
      (_input: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            reject(new DOMException('aborted', 'AbortError'))
          })
        }),
    )
    const sleep = vi.fn(noSleep)
    const download = photoDownloader({ fetch, concurrency: 1, sleep, signal: abort.signal })
    const pending = urls(3).map((url, i) => download(i, url))
    abort.abort()
    const results = await Promise.all(pending)
    expect(results.map((r) => r.ok)).toEqual([false, false, false])
    expect(sleep).not.toHaveBeenCalled()
  })
})
