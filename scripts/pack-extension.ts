// After `vite build` (vite.config.ts): checks the built manifest and writes the store package
// dist/listingbridge-extension.zip. Part of `npm run build:extension`.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { LEAD_SOURCE_SITES, LEAD_SOURCES } from '../api/lead-sources.ts'
import { LISTING_SOURCE_SITES, LISTING_SOURCES } from '../api/listing-sources.ts'
import { extensionBuildConfig, extensionIdFromKey, extensionOutDir } from './extension-config.ts'
import { directoryEntries, zip } from './zip.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const extensionDir = extensionOutDir(root)
const zipFile = path.join(path.dirname(extensionDir), 'listingbridge-extension.zip')

interface BuiltManifest {
  key?: string
  permissions?: string[]
  host_permissions?: string[]
  web_accessible_resources?: unknown[]
  content_scripts?: { js?: string[]; matches?: string[] }[]
  externally_connectable?: { matches?: string[]; ids?: string[] }
}

/** What must hold of every build; a failure stops the build with the reason. */
export function checkManifest(manifest: BuiltManifest, siteOrigins: string[]): string[] {
  const problems: string[] = []
  // Content scripts are standalone bundles: a loader would publish our code to every page.
  if (manifest.web_accessible_resources?.length) {
    problems.push('web_accessible_resources is not empty: a content script was built as a loader')
  }
  const allowed = new Set(['storage', 'activeTab'])
  for (const permission of manifest.permissions ?? []) {
    if (!allowed.has(permission)) problems.push(`unexpected permission "${permission}"`)
  }
  for (const pattern of manifest.host_permissions ?? []) {
    if (pattern.includes('*://') || pattern === '<all_urls>' || /\/\/\*\./.test(pattern)) {
      problems.push(`host permission "${pattern}" is wider than one origin`)
    }
  }
  const expected = siteOrigins.map((origin) => `${origin}/*`).sort()
  const connectable = [...(manifest.externally_connectable?.matches ?? [])].sort()
  if (JSON.stringify(connectable) !== JSON.stringify(expected)) {
    problems.push(`externally_connectable.matches is ${JSON.stringify(connectable)}, not the site`)
  }
  if (manifest.externally_connectable?.ids) problems.push('externally_connectable.ids is set')
  problems.push(...checkListingSources(manifest), ...checkLeadSources(manifest))
  return problems
}

/** The FSBO content script runs on exactly the lead sources' pages (api/lead-sources.ts). */
export function checkLeadSources(manifest: BuiltManifest): string[] {
  const pages = LEAD_SOURCES.flatMap((source) => [
    ...LEAD_SOURCE_SITES[source].listingPages,
    ...LEAD_SOURCE_SITES[source].resultsPages,
  ])
  const script = manifest.content_scripts?.find((each) =>
    each.js?.some((file) => /fsbo/.test(file)),
  )
  if (!script) return ['no FSBO content script']
  return sameSet(script.matches ?? [], pages)
    ? []
    : [
        `the FSBO content script matches ${JSON.stringify(script.matches)}, not the registry's ${JSON.stringify(pages)}`,
      ]
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  JSON.stringify([...new Set(a)].sort()) === JSON.stringify([...new Set(b)].sort())

/**
 * The registry (api/listing-sources.ts) and the manifest agree: the listing content script runs
 * on exactly the sources' listing pages, and the worker may fetch from every photo host and from
 * no other listing host.
 */
export function checkListingSources(manifest: BuiltManifest): string[] {
  const problems: string[] = []
  const pages = LISTING_SOURCES.flatMap((source) => LISTING_SOURCE_SITES[source].listingPages)
  const photoHosts = LISTING_SOURCES.flatMap((source) => LISTING_SOURCE_SITES[source].photoHosts)
  const listingScript = manifest.content_scripts?.find((script) =>
    script.js?.some((file) => /listing/.test(file)),
  )
  if (!listingScript) problems.push('no listing content script')
  else if (!sameSet(listingScript.matches ?? [], pages)) {
    problems.push(
      `the listing content script matches ${JSON.stringify(listingScript.matches)}, not the registry's ${JSON.stringify(pages)}`,
    )
  }
  const hosts = manifest.host_permissions ?? []
  for (const pattern of photoHosts) {
    if (!hosts.includes(pattern))
      problems.push(`host permission for photos "${pattern}" is missing`)
  }
  const listingHosts = new Set(pages.map((pattern) => new URL(pattern.replace(/\*/g, 'x')).origin))
  for (const pattern of hosts) {
    const origin = new URL(pattern.replace(/\*/g, 'x')).origin
    if (listingHosts.has(origin))
      problems.push(`host permission "${pattern}" reaches a listing site`)
  }
  return problems
}

function main(): void {
  const config = extensionBuildConfig()
  const manifestText = readFileSync(path.join(extensionDir, 'manifest.json'), 'utf8')
  const manifest = JSON.parse(manifestText) as BuiltManifest
  const problems = checkManifest(manifest, config.siteOrigins)
  if (problems.length > 0) {
    console.error(`The built manifest is wrong:\n  ${problems.join('\n  ')}`)
    process.exit(1)
  }

  // The Web Store refuses a package whose manifest has a `key` and signs with its own key, so
  // the store package leaves it out; the unpacked folder keeps it for its fixed id.
  const { key, ...storeManifest } = manifest
  const entries = directoryEntries(extensionDir).map((entry) =>
    entry.name === 'manifest.json'
      ? { name: entry.name, data: Buffer.from(`${JSON.stringify(storeManifest, null, 2)}\n`) }
      : entry,
  )
  writeFileSync(zipFile, zip(entries))

  const id = key ? extensionIdFromKey(key) : '(none: no key)'
  console.log(`Extension (load unpacked): ${path.relative(root, extensionDir)}  id ${id}`)
  console.log(`  API ${config.apiUrl} · site ${config.siteOrigins.join(', ')}`)
  console.log(`Store package: ${path.relative(root, zipFile)} (${entries.length} files)`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
