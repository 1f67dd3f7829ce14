import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { compressSite } from './compress-site.ts'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'lb-compress-'))
  mkdirSync(path.join(dir, 'assets'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('compressing the built site', () => {
  it('writes a Brotli and a gzip copy of every text file, each decoding to the file', async () => {
    const texts = {
      'index.html': `<!doctype html>${'<p>ListingBridge</p>'.repeat(50)}`,
      'assets/index-abc.js': `console.log("${'listing '.repeat(200)}")`,
      'assets/index-abc.css': `body{color:#0f172a}${'.a{margin:0}'.repeat(100)}`,
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(50)}</svg>`,
      'site.webmanifest': JSON.stringify({ name: 'ListingBridge', icons: Array(20).fill({}) }),
    }
    for (const [name, text] of Object.entries(texts)) writeFileSync(path.join(dir, name), text)
    const report = await compressSite(dir)
    expect(report.files).toBe(5)
    for (const [name, text] of Object.entries(texts)) {
      const file = path.join(dir, name)
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString(), name).toBe(text)
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString(), name).toBe(text)
      expect(readFileSync(`${file}.br`).length, name).toBeLessThan(text.length)
    }
  })

  it('leaves images and source maps alone', async () => {
    writeFileSync(path.join(dir, 'og-image.png'), Buffer.alloc(4000))
    writeFileSync(path.join(dir, 'assets/index-abc.js.map'), `{"mappings":"${'A'.repeat(4000)}"}`)
    await compressSite(dir)
    for (const name of ['og-image.png', 'assets/index-abc.js.map']) {
      expect(existsSync(path.join(dir, `${name}.br`)), name).toBe(false)
      expect(existsSync(path.join(dir, `${name}.gz`)), name).toBe(false)
    }
  })

  it('writes no copy that is not smaller, and removes one an earlier build left', async () => {
    const file = path.join(dir, 'tiny.txt')
    writeFileSync(file, 'x')
    writeFileSync(`${file}.gz`, 'an earlier build’s copy')
    await compressSite(dir)
    expect(existsSync(`${file}.br`)).toBe(false)
    expect(existsSync(`${file}.gz`)).toBe(false)
  })
})
