// How a prerendered page's HTML is made from the built shell (dist/site/index.html): the page's
// markup in #root, its title, and the stylesheets and chunks its lazy module needs, so it is
// styled at first paint and hydrates without waiting for another round trip.

/** One chunk of Vite's build manifest (dist/site/.vite/manifest.json), as far as we read it. */
export interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  isDynamicEntry?: boolean
}
export type BuildManifest = Record<string, ManifestChunk>

export interface PageAssets {
  stylesheets: string[]
  modules: string[]
}

/**
 * The files the page module `source` (a manifest key, e.g. `features/faq/faq-page.tsx`) loads:
 * its chunk, the chunks it imports, and their stylesheets, as URL paths. Its own dynamic imports
 * are left out: they load later, if ever.
 */
export function pageAssets(manifest: BuildManifest, source: string): PageAssets {
  const page = manifest[source]
  if (!page?.isDynamicEntry) {
    throw new Error(`prerender: ${source} is not a chunk loaded on demand in the build manifest`)
  }
  const modules = new Set<string>()
  const stylesheets = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`prerender: ${key} is missing from the build manifest`)
    if (modules.has(`/${chunk.file}`)) return
    modules.add(`/${chunk.file}`)
    for (const css of chunk.css ?? []) stylesheets.add(`/${css}`)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(source)
  return { stylesheets: [...stylesheets], modules: [...modules] }
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

const EMPTY_ROOT = '<div id="root"></div>'
const TITLE = /<title>[^<]*<\/title>/

export interface PrerenderedContent {
  /** The page's markup, for inside #root. */
  html: string
  /** Its document title, or null to keep the shell's. */
  title: string | null
  assets: PageAssets
}

/**
 * The shell with the page in it. Links the shell already has (the entry's own chunks) are not
 * repeated; the page's come last in <head>, where Vite would have added them when the page loaded.
 */
export function pageHtml(shell: string, { html, title, assets }: PrerenderedContent): string {
  if (shell.split(EMPTY_ROOT).length !== 2) throw new Error(`the shell has no single ${EMPTY_ROOT}`)
  if (!TITLE.test(shell)) throw new Error('the shell has no <title>')
  const links = [
    ...assets.stylesheets
      .filter((href) => !shell.includes(`href="${href}"`))
      .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...assets.modules
      .filter((href) => !shell.includes(`"${href}"`))
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ]
  let page = shell.replace(EMPTY_ROOT, () => `<div id="root">${html}</div>`)
  if (title !== null) page = page.replace(TITLE, () => `<title>${escapeHtml(title)}</title>`)
  if (links.length > 0) {
    page = page.replace('</head>', () => `${links.map((link) => `  ${link}\n  `).join('')}</head>`)
  }
  return page
}
