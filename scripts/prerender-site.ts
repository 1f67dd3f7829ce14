// Writes the site's public pages as HTML at build, so their first paint needs no JavaScript; the
// app then hydrates them (site/main.tsx). The step of `npm run build:site` after `vite build` and
// before compression:
//   tsx scripts/prerender-site.ts
// It builds site/prerender-entry.tsx for Node into dist/site-ssr (Vite's SSR build, same config
// as the site, so the same CSS module class names), renders every page of PRERENDERED_PATHS into
// a copy of dist/site/index.html at dist/site/pages/…, then deletes dist/site-ssr and the build
// manifest: nothing of the server side ships.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'vite'
import { prerenderedFile, PRERENDERED_PATHS } from '../server/http/prerendered-pages.ts'
import { checkPrerenderedMarkup } from './prerendered-checks.ts'
import {
  pageAssets,
  pageHtml,
  stylesheetsOfPage,
  type BuildManifest,
  type PageAssets,
} from './prerendered-html.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const siteDir = path.join(root, 'dist', 'site')
const ssrDir = path.join(root, 'dist', 'site-ssr')
const manifestDir = path.join(siteDir, '.vite')

/** What site/prerender-entry.tsx exports (its types need the DOM library, which scripts lack). */
interface PrerenderEntry {
  prerenderPage: (path: string) => Promise<{ html: string; title: string | null }>
  /** Which module each lazy page loads (site/app/pages.tsx). */
  lazyPageSources: () => Record<string, string | undefined>
}

async function buildEntry(): Promise<PrerenderEntry> {
  await build({
    configFile: path.join(root, 'site', 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: path.join(root, 'site', 'prerender-entry.tsx'),
      outDir: ssrDir,
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
      copyPublicDir: false,
    },
  })
  const entry = (await import(
    pathToFileURL(path.join(ssrDir, 'prerender-entry.js')).href
  )) as Partial<PrerenderEntry>
  if (typeof entry.prerenderPage !== 'function' || typeof entry.lazyPageSources !== 'function') {
    throw new Error('prerender: the SSR build does not export prerenderPage and lazyPageSources')
  }
  return entry as PrerenderEntry
}

async function prerenderSite(): Promise<string[]> {
  const shell = await readFile(path.join(siteDir, 'index.html'), 'utf8')
  const manifest = JSON.parse(
    await readFile(path.join(manifestDir, 'manifest.json'), 'utf8'),
  ) as BuildManifest
  const entry = await buildEntry()
  const sources = entry.lazyPageSources()
  const written: string[] = []
  for (const pagePath of PRERENDERED_PATHS) {
    const file = prerenderedFile(pagePath)
    if (!file) throw new Error(`prerender: no file for ${pagePath}`)
    const { html, title } = await entry.prerenderPage(pagePath)
    const source = sources[pagePath]
    const assets: PageAssets = source
      ? pageAssets(manifest, source)
      : { stylesheets: [], modules: [] }
    const css: Record<string, string> = {}
    for (const href of stylesheetsOfPage(shell, assets)) {
      css[href] = await readFile(path.join(siteDir, href), 'utf8')
    }
    const page = pageHtml(shell, { html, title, assets, css })
    await checkPrerenderedMarkup(pagePath, html, page, siteDir)
    await mkdir(path.dirname(path.join(siteDir, file)), { recursive: true })
    await writeFile(path.join(siteDir, file), page)
    written.push(`${pagePath} → ${file} (${(page.length / 1024).toFixed(0)} kB)`)
  }
  return written
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // React's production server renderer, as the shipped bundle is React's production build
  // (scripts/build-env.js): the same markup, none of the development checks.
  process.env.NODE_ENV = 'production'
  try {
    for (const line of await prerenderSite()) console.log(`prerender-site: ${line}`)
    await rm(manifestDir, { recursive: true, force: true })
  } finally {
    await rm(ssrDir, { recursive: true, force: true })
  }
}
