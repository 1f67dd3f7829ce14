/**
 * Budget (docs/architecture.md#budgets): the landing page loads at most 100 KB of gzipped
 * JavaScript on first load.
 *
 * "First load" is what the built `dist/site/index.html` makes the browser fetch before the page
 * runs: its entry module script, the chunks it `modulepreload`s, and every chunk those import
 * statically (followed through the files, in case a preload hint is missing). Dynamic `import()`s
 * (the lazy pages) are not part of it. Sizes are gzip at zlib's default level, what a typical
 * server or CDN sends; CSS is reported beside it, outside the JS budget.
 *
 * Run alone with `npx tsx bench/site-bundle.ts`; `npm run bench` includes it.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

export const LANDING_JS_BUDGET_BYTES = 100 * 1024

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const siteDist = path.join(root, 'dist', 'site')

export interface AssetSize {
  /** Path as the page asks for it, e.g. `/assets/index-abc.js`. */
  url: string
  bytes: number
  gzipBytes: number
}

export interface LandingBundle {
  js: AssetSize[]
  css: AssetSize[]
  jsGzipBytes: number
  jsBytes: number
  cssGzipBytes: number
}

/** What index.html loads up front: module scripts, modulepreloads and stylesheets. */
export function entryAssets(html: string): {
  scripts: string[]
  preloads: string[]
  styles: string[]
} {
  const tags = html.match(/<(?:script|link)\b[^>]*>/gi) ?? []
  const attr = (tag: string, name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1]
  const scripts: string[] = []
  const preloads: string[] = []
  const styles: string[] = []
  for (const tag of tags) {
    if (/^<script/i.test(tag)) {
      const src = attr(tag, 'src')
      if (src && attr(tag, 'type') === 'module') scripts.push(src)
      continue
    }
    const rel = attr(tag, 'rel')?.toLowerCase()
    const href = attr(tag, 'href')
    if (!href) continue
    if (rel === 'modulepreload') preloads.push(href)
    else if (rel === 'stylesheet') styles.push(href)
  }
  return { scripts, preloads, styles }
}

/** Relative or absolute specifiers of the static `import … from` / `export … from` in a module. */
export function staticImports(source: string): string[] {
  const found: string[] = []
  for (const match of source.matchAll(
    /\b(?:import|export)\s*(?:[^"'`();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+|\/[^"']+)["']/g,
  )) {
    if (match[1]) found.push(match[1])
  }
  return found
}

function size(dist: string, url: string): AssetSize {
  const file = path.join(dist, decodeURIComponent(new URL(url, 'http://site/').pathname))
  const content = readFileSync(file)
  return { url, bytes: content.length, gzipBytes: gzipSync(content).length }
}

/**
 * The landing page's HTML as `/` is served: its prerendered page (scripts/prerender-site.ts), or
 * the shell when the build has none.
 */
function landingHtml(dist: string): string {
  const prerendered = path.join(dist, 'pages', 'index.html')
  return readFileSync(existsSync(prerendered) ? prerendered : path.join(dist, 'index.html'), 'utf8')
}

/** Measures the landing page's first load from a built site directory. */
export function measureLandingBundle(dist = siteDist): LandingBundle {
  const html = landingHtml(dist)
  const { scripts, preloads, styles } = entryAssets(html)

  // The entry, its preloads, and whatever they import statically.
  const seen = new Set<string>()
  const queue = [...scripts, ...preloads].map((u) => new URL(u, 'http://site/').pathname)
  while (queue.length > 0) {
    const url = queue.shift()
    if (url === undefined || seen.has(url)) continue
    seen.add(url)
    const source = readFileSync(path.join(dist, decodeURIComponent(url)), 'utf8')
    for (const specifier of staticImports(source)) {
      queue.push(new URL(specifier, `http://site${url}`).pathname)
    }
  }

  const js = Array.from(seen, (url) => size(dist, url))
  const css = styles.map((url) => size(dist, url))
  const sum = (assets: AssetSize[], key: 'bytes' | 'gzipBytes') =>
    assets.reduce((total, a) => total + a[key], 0)
  return {
    js,
    css,
    jsBytes: sum(js, 'bytes'),
    jsGzipBytes: sum(js, 'gzipBytes'),
    cssGzipBytes: sum(css, 'gzipBytes'),
  }
}

/** Builds the site when `dist/site` is missing (the bench measures what `npm start` serves). */
export function ensureSiteBuilt(dist = siteDist): void {
  if (existsSync(path.join(dist, 'index.html'))) return
  console.log('dist/site is missing: npm run build:site …')
  const env = { ...process.env }
  // A NODE_ENV other than production would make Vite bundle React's development build.
  delete env.NODE_ENV
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const result = spawnSync(npm, ['run', 'build:site'], { cwd: root, env, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`npm run build:site failed (${String(result.status)})`)
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** The table row and the verdict, as `npm run bench` prints them. */
export function reportLandingBundle(bundle: LandingBundle): { ok: boolean; lines: string[] } {
  const ok = bundle.jsGzipBytes <= LANDING_JS_BUDGET_BYTES
  const header = ['landing page, first load', 'files', 'raw', 'gzip', 'budget', 'verdict']
  const row = [
    'JS (entry + modulepreload)',
    String(bundle.js.length),
    kb(bundle.jsBytes),
    kb(bundle.jsGzipBytes),
    `≤ ${kb(LANDING_JS_BUDGET_BYTES)}`,
    ok ? 'PASS' : 'FAIL',
  ]
  const cssRow = [
    'CSS (not in the budget)',
    String(bundle.css.length),
    kb(bundle.css.reduce((t, a) => t + a.bytes, 0)),
    kb(bundle.cssGzipBytes),
    '—',
    '—',
  ]
  const rows = [header, row, cssRow]
  const widths = header.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)))
  const format = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
  const lines = [
    format(header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    format(row),
    format(cssRow),
    ...bundle.js
      .slice()
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .map((a) => `    ${a.url}  ${kb(a.gzipBytes)} gzip`),
  ]
  return { ok, lines }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureSiteBuilt()
  const { ok, lines } = reportLandingBundle(measureLandingBundle())
  console.log(lines.join('\n'))
  console.log(
    `\nLanding page first-load JS ≤ 100 KB gzip (docs/architecture.md#budgets): ${ok ? 'PASS' : 'FAIL'}`,
  )
}
