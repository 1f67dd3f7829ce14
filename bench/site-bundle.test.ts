import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import {
  entryAssets,
  measureLandingBundle,
  reportLandingBundle,
  staticImports,
} from './site-bundle.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function site(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lb-bundle-'))
  dirs.push(dir)
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), content)
  }
  return dir
}

const html = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-b.js">
<link rel="stylesheet" crossorigin href="/assets/index-c.css">
<link rel="icon" href="/favicon.svg">
</head><body><div id="root"></div></body></html>`

describe('landing bundle measurement', () => {
  it('reads the entry script, the modulepreloads and the stylesheets from index.html', () => {
    expect(entryAssets(html)).toEqual({
      scripts: ['/assets/index-a.js'],
      preloads: ['/assets/react-b.js'],
      styles: ['/assets/index-c.css'],
    })
  })

  it('finds static imports and re-exports but not dynamic import()', () => {
    const source =
      'import{a as b}from"./react-b.js";import"./side-d.js";export{x}from"../e.js";' +
      'const page=()=>import("./lazy-page.js");const s="assets/lazy-page.js"'
    expect(staticImports(source)).toEqual(['./react-b.js', './side-d.js', '../e.js'])
  })

  it('sums the gzip size of the entry, its preloads and their static imports only', () => {
    const entry = 'import{r}from"./react-b.js";import"./side-d.js";const p=()=>import("./lazy.js");'
    const react = 'export const r=1;'.repeat(50)
    const side = 'console.log("side effect")'
    const dir = site({
      'index.html': html,
      'assets/index-a.js': entry,
      'assets/react-b.js': react,
      'assets/side-d.js': side,
      'assets/lazy.js': 'x'.repeat(10_000),
      'assets/index-c.css': 'body{margin:0}',
    })
    const bundle = measureLandingBundle(dir)
    expect(bundle.js.map((a) => a.url).sort()).toEqual([
      '/assets/index-a.js',
      '/assets/react-b.js',
      '/assets/side-d.js',
    ])
    const gz = (text: string) => gzipSync(text).length
    expect(bundle.jsGzipBytes).toBe(gz(entry) + gz(react) + gz(side))
    expect(bundle.cssGzipBytes).toBe(gz('body{margin:0}'))
    expect(reportLandingBundle(bundle).ok).toBe(true)
  })

  it('fails the budget above 100 KB of gzipped JS', () => {
    const report = reportLandingBundle({
      js: [{ url: '/assets/big.js', bytes: 400_000, gzipBytes: 102_401 }],
      css: [],
      jsBytes: 400_000,
      jsGzipBytes: 102_401,
      cssGzipBytes: 0,
    })
    expect(report.ok).toBe(false)
    expect(report.lines.join('\n')).toContain('FAIL')
  })
})
