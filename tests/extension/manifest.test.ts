/**
 * The built extension's manifest (dist/extension, built once by global-setup.ts) says what the
 * source registries say (api/listing-sources.ts, api/lead-sources.ts): the listing content script
 * runs on every source's listing pages and nowhere else, the worker may fetch every source's
 * photos, and the FSBO content script runs on the lead sources' pages. The
 * same check stops `npm run build:extension` (scripts/pack-extension.ts); here it is proven to
 * catch a manifest that drifted.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LISTING_SOURCE_SITES, LISTING_SOURCES } from '../../api/listing-sources.ts'
import { checkLeadSources, checkListingSources } from '../../scripts/pack-extension.ts'
import { root } from '../support/paths.ts'

interface Manifest {
  host_permissions: string[]
  content_scripts: { js: string[]; matches: string[] }[]
}

const manifest = JSON.parse(
  readFileSync(path.join(root, 'dist', 'extension', 'manifest.json'), 'utf8'),
) as Manifest

describe('the built manifest and the listing-source registry', () => {
  it('agree: one content script on every listing page, every photo host permitted', () => {
    expect(checkListingSources(manifest)).toEqual([])
    const pages: readonly string[] = LISTING_SOURCES.flatMap(
      (source) => LISTING_SOURCE_SITES[source].listingPages,
    )
    const withListingPages = manifest.content_scripts.filter((script) =>
      script.matches.some((pattern) => pages.includes(pattern)),
    )
    expect(withListingPages).toHaveLength(1)
    expect([...(withListingPages[0]?.matches ?? [])].sort()).toEqual([...pages].sort())
    for (const source of LISTING_SOURCES) {
      for (const host of LISTING_SOURCE_SITES[source].photoHosts) {
        expect(manifest.host_permissions).toContain(host)
      }
    }
  })

  it('and the lead-source registry agree on the FSBO content script, and disagree once it drifts', () => {
    expect(checkLeadSources(manifest)).toEqual([])
    const drifted = structuredClone(manifest)
    for (const script of drifted.content_scripts) {
      script.matches = script.matches.filter((pattern) => !pattern.includes('forsalebyowner'))
    }
    expect(checkLeadSources(drifted)).toHaveLength(1)
  })

  it('disagree when a source is missing from the manifest, or a listing site is fetched', () => {
    const dropped = structuredClone(manifest)
    for (const script of dropped.content_scripts) {
      script.matches = script.matches.filter((pattern) => !pattern.includes('redfin'))
    }
    dropped.host_permissions = dropped.host_permissions.filter((h) => !h.includes('redfin'))
    const problems = checkListingSources(dropped)
    expect(problems.some((p) => p.includes('listing content script matches'))).toBe(true)
    expect(problems).toContain(
      'host permission for photos "https://ssl.cdn-redfin.com/*" is missing',
    )

    const wider = structuredClone(manifest)
    wider.host_permissions.push('https://www.realtor.com/*')
    expect(checkListingSources(wider)).toContain(
      'host permission "https://www.realtor.com/*" reaches a listing site',
    )
  })
})
