// The Chrome extension's build (`npm run build:extension`): @crxjs/vite-plugin turns the manifest
// in manifest.config.ts into dist/extension. The site has its own config in site/vite.config.ts.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { crx } from '@crxjs/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig, type UserConfig } from 'vite'
import manifest, { CONTENT_SCRIPTS } from './manifest.config.ts'
import {
  extensionBuildConfig,
  extensionOutDir,
  type ExtensionRuntimeConfig,
} from './scripts/extension-config.ts'

const root = path.dirname(fileURLToPath(import.meta.url))

export default defineConfig((): UserConfig => {
  const { apiUrl, siteUrl, siteOrigins } = extensionBuildConfig()
  const runtime: ExtensionRuntimeConfig = { apiUrl, siteUrl, siteOrigins }
  return {
    root,
    publicDir: false,
    plugins: [
      react(),
      crx({
        manifest,
        // Content scripts become self-contained IIFE bundles: no loader, so nothing is added to
        // web_accessible_resources and pages cannot fetch our code.
        contentScripts: {
          standaloneFiles: CONTENT_SCRIPTS,
        },
      }),
    ],
    define: { __LISTINGBRIDGE_CONFIG__: JSON.stringify(runtime) },
    build: {
      outDir: extensionOutDir(root),
      emptyOutDir: true,
      // The store reviews readable code; source maps would only add weight to the package.
      sourcemap: false,
      target: 'chrome116',
    },
  }
})
