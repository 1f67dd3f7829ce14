/**
 * Facebook renames a label and the operator fixes it on the server, not in the extension
 * (docs/operations.md#marketplace-form-profile). In real Chromium: Marketplace's form (our
 * imitation) calls the bedrooms field "How many bedrooms". With the built-in profile the draft
 * comes back without bedrooms and the panel names the field; the server restarts with a profile
 * file that knows the new label; the next conversion fills bedrooms — the extension is neither
 * rebuilt nor reloaded: the fill found the field missing, asked the worker for a newer profile,
 * and filled it again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUILT_IN_FORM_PROFILE } from '../../api/marketplace-form-profile.ts'
import type { MarketplaceFormProfile } from '../../api/schemas/marketplace-form-profile.ts'
import { createVerifiedAccount } from '../support/accounts.ts'
import {
  clickConvert,
  filledDraftOf,
  marketplaceRecord,
  popupLogin,
  popupPreview,
  popupText,
  waitForFillReport,
} from '../support/extension.ts'
import { ENV_TIMEOUT_MS, startExtensionEnv, type ExtensionEnv } from '../support/extension-env.ts'

const MARKETPLACE_URL = 'https://www.facebook.com/marketplace/create/rental'
const RENAMED = 'How many bedrooms'

let env: ExtensionEnv
let listingTab: Page
let profileDir = ''

beforeAll(async () => {
  env = await startExtensionEnv()
  profileDir = mkdtempSync(path.join(tmpdir(), 'lb-profile-'))
  const account = await createVerifiedAccount(env.server, 'profile')
  listingTab = env.ext.page
  const popup = await env.ext.openPopup(listingTab)
  await popupLogin(popup, account)
  await popupText(popup, `Signed in as ${account.email}`)
  await popup.close()
  await listingTab.goto(env.web.zillowPage('next-data-current-sf-house-for-sale.html'), {
    waitUntil: 'load',
  })
  env.web.setMarketplaceOptions({ rename: { bedrooms: RENAMED } })
}, ENV_TIMEOUT_MS)

afterAll(async () => {
  await env.close()
  rmSync(profileDir, { recursive: true, force: true })
}, ENV_TIMEOUT_MS)

async function convert(confirm: boolean): Promise<{ marketplace: Page }> {
  const popup = await env.ext.openPopup(listingTab)
  await popupPreview(popup)
  await clickConvert(popup, { confirm })
  const marketplace = await env.ext.tabAt(MARKETPLACE_URL)
  await waitForFillReport(marketplace)
  return { marketplace }
}

describe('a label Facebook renamed is fixed on the server', () => {
  it('leaves the renamed field to the agent with the built-in profile, and says which', async () => {
    const { marketplace } = await convert(true)
    const stored = await filledDraftOf(env.ext)
    expect(stored.fillSummary?.needsUser).toContain('bedrooms')
    const { state } = await marketplaceRecord(marketplace)
    expect(state.bedrooms).toBe('')
    // Everything else was filled.
    expect(state.bathrooms).toBe(String(stored.draft.bathrooms))
    // The panel names the field left to the agent.
    expect(await marketplace.$('[data-listingbridge="report"] ::-p-text(Bedrooms)')).not.toBeNull()
    await marketplace.close()
  })

  it('fills it at the next conversion once the server serves a profile with the new label', async () => {
    const en = BUILT_IN_FORM_PROFILE.languages.en
    if (!en) throw new Error('the built-in profile has no English')
    const fixed: MarketplaceFormProfile = {
      version: 'ops-renamed-bedrooms',
      languages: {
        en: { ...en, fields: { ...en.fields, bedrooms: [RENAMED, ...en.fields.bedrooms] } },
      },
    }
    const file = path.join(profileDir, 'form-profile.json')
    writeFileSync(file, JSON.stringify(fixed, null, 2))
    await env.server.restart({ MARKETPLACE_FORM_PROFILE: file })

    const { marketplace } = await convert(false)
    const stored = await filledDraftOf(env.ext)
    const { state } = await marketplaceRecord(marketplace)
    expect(state.bedrooms).toBe(String(stored.draft.bedrooms))
    expect(stored.fillSummary?.needsUser).not.toContain('bedrooms')
    expect(stored.fillSummary?.filled).toContain('bedrooms')
    await marketplace.close()
  })
})
