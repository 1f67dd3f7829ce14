// What must hold of a prerendered page before it is written; a failure stops the build.
import { readFile } from 'node:fs/promises'
import path from 'node:path'

/** Vite's CSS module class names: `_local_hash_line` (postcss-modules' default pattern). */
const MODULE_CLASS = /^_[\w-]+_[a-z0-9]{5}_\d+$/

function classesIn(html: string): Set<string> {
  const classes = new Set<string>()
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (value ?? '').split(/\s+/)) if (name) classes.add(name)
  }
  return classes
}

function stylesheetsOf(page: string): string[] {
  return [...page.matchAll(/<link rel="stylesheet"[^>]*\shref="([^"]+)"/g)].map(
    ([, href]) => href ?? '',
  )
}

/**
 * `markup` (what React wrote into #root) and `page` (the whole file) are fit to ship:
 * - no script and no "loading" fallback: the page is complete, and the CSP allows only the shell's
 *   own inline script;
 * - every CSS module class in the markup is defined by a stylesheet the page links, so it is
 *   styled at first paint, and the SSR build named the classes as the browser build did (a class
 *   the stylesheets do not know would be unstyled, and a mismatch for hydration).
 */
export async function checkPrerenderedMarkup(
  pagePath: string,
  markup: string,
  page: string,
  siteDir: string,
): Promise<void> {
  const script = /<script[\s>]/i.exec(markup)
  if (script) {
    const around = markup.slice(script.index, script.index + 300)
    throw new Error(`prerender ${pagePath}: the markup has a script: ${around}`)
  }
  if (markup.includes('page-loading')) {
    throw new Error(`prerender ${pagePath}: a lazy part was written as its "loading" fallback`)
  }
  const css = (
    await Promise.all(stylesheetsOf(page).map((href) => readFile(path.join(siteDir, href), 'utf8')))
  ).join('\n')
  const unknown = [...classesIn(markup)].filter(
    (name) => MODULE_CLASS.test(name) && !new RegExp(`\\.${name}(?![\\w-])`).test(css),
  )
  if (unknown.length > 0) {
    throw new Error(
      `prerender ${pagePath}: CSS module classes no linked stylesheet defines: ${unknown.join(' ')}`,
    )
  }
}
