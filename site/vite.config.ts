import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

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

/** The site: built into dist/site, which the API server serves with an SPA fallback. */
export default defineConfig({
  root: here,
  plugins: [react(), siteUrlInHtml()],
  build: {
    outDir: path.resolve(here, '../dist/site'),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8787', '/dev': 'http://localhost:8787' },
  },
})
