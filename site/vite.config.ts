import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { storedSessionScript } from './lib/stored-session-script.ts'

const here = path.dirname(fileURLToPath(import.meta.url))

/**
 * `%SITE_URL%` in index.html becomes the site's public address (SITE_URL) when the build knows it:
 * link previews (og:image) want absolute URLs, and `npm start` builds with the server's own
 * environment. Without SITE_URL, as in local builds, the URLs stay relative to the page.
 */
function siteUrlInHtml(): Plugin {
  const siteUrl = (process.env.SITE_URL ?? '').replace(/\/+$/, '')
  return {
    name: 'listingbridge-site-url',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replaceAll('%SITE_URL%', siteUrl),
    },
  }
}

/**
 * The stored-session script (site/lib/stored-session-script.ts) inline at the top of <head>, so it
 * has run before the first paint without costing a request. The server's CSP allows it by hash.
 */
function storedSessionScriptInHtml(): Plugin {
  const charset = '<meta charset="UTF-8" />'
  return {
    name: 'listingbridge-stored-session-script',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => {
        if (!html.includes(charset)) throw new Error(`index.html has no ${charset}`)
        return html.replace(charset, `${charset}\n    <script>${storedSessionScript()}</script>`)
      },
    },
  }
}

/** The site: built into dist/site, which the API server serves with an SPA fallback. */
export default defineConfig({
  root: here,
  plugins: [react(), siteUrlInHtml(), storedSessionScriptInHtml()],
  define: {
    // The footer's year in the prerendered pages (site/components/layout/use-current-year.ts).
    'import.meta.env.SITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())),
  },
  build: {
    outDir: path.resolve(here, '../dist/site'),
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunks and stylesheets each page needs, for prerendering
    // (scripts/prerender-site.ts reads it, then deletes it).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8787', '/dev': 'http://localhost:8787' },
  },
})
