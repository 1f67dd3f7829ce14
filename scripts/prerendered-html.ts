// How a prerendered page's HTML is made from the built shell (dist/site/index.html): the page's
// markup in #root, its title, the stylesheets its lazy module needs written into the page, and
// its chunks preloaded, so it is styled at first paint without another request and hydrates
// without waiting for another round trip.

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
  /** The text of every stylesheet, the shell's and the page's, by URL path. */
  css: Readonly<Record<string, string>>
}

const SHELL_STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/g

/**
 * A stylesheet written into the page: its rules in a <style>, so the first paint waits for no
 * request (on a phone's network each blocking stylesheet cost a round trip), and a disabled
 * <link> to the same file, which the browser does not fetch but which tells Vite's loader the
 * file is in the page when a later page asks for it.
 */
function inlineStylesheet(href: string, css: Readonly<Record<string, string>>): string {
  const text = css[href]
  if (text === undefined) throw new Error(`prerender: no text for the stylesheet ${href}`)
  if (/<\/style/i.test(text)) throw new Error(`prerender: ${href} cannot go inside a <style>`)
  return `<style data-href="${href}">${text.trim()}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`
}

/**
 * The shell with the page in it. The shell's stylesheets and the page's are written into <head>
 * in the order Vite would have loaded them (the page's last); chunks the shell already preloads
 * are not repeated.
 */
export function pageHtml(shell: string, { html, title, assets, css }: PrerenderedContent): string {
  if (shell.split(EMPTY_ROOT).length !== 2) throw new Error(`the shell has no single ${EMPTY_ROOT}`)
  if (!TITLE.test(shell)) throw new Error('the shell has no <title>')
  const shellStylesheets = new Set(shellStylesheetsOf(shell))
  const links = [
    ...assets.stylesheets
      .filter((href) => !shellStylesheets.has(href))
      .map((href) => inlineStylesheet(href, css)),
    ...assets.modules
      .filter((href) => !shell.includes(`"${href}"`))
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ]
  let page = shell.replace(EMPTY_ROOT, () => `<div id="root">${html}</div>`)
  page = page.replace(SHELL_STYLESHEET, (_link, href: string) => inlineStylesheet(href, css))
  if (title !== null) page = page.replace(TITLE, () => `<title>${escapeHtml(title)}</title>`)
  if (links.length > 0) {
    page = page.replace('</head>', () => `${links.map((link) => `  ${link}\n  `).join('')}</head>`)
  }
  return page
}

function shellStylesheetsOf(shell: string): string[] {
  return [...shell.matchAll(SHELL_STYLESHEET)].map(([, href]) => href ?? '')
}

/** The URL paths of every stylesheet a page built from `shell` with `assets` carries. */
export function stylesheetsOfPage(shell: string, assets: PageAssets): string[] {
  return [...new Set([...shellStylesheetsOf(shell), ...assets.stylesheets])]
}
