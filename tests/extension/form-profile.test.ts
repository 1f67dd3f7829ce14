/**
 * Facebook renames a label and the operator fixes it on the server, not in the extension
 * (docs/operations.md#marketplace-form-profile). In real Chromium: Marketplace's form (our
 * imitation) calls the bedrooms field "How many bedrooms". With the built-in profile the draft
 * comes back without bedrooms and the panel names the field; the server restarts with a profile
 * file that knows the new label; the next conversion fills bedrooms — the extension is neither
 * rebuilt nor reloaded: the fill found the field missing, asked the worker for a newer profile,
 * and filled it again. Both fills' reports are in the operators' answer (ADMIN_EMAILS), and an
 * agent is refused it. Then teach mode: on a form whose address label the profile does not know,
 * the agent presses "Show me" and clicks the field; it is filled, and the next fill fills it by
 * itself.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUILT_IN_FORM_PROFILE } from '../../api/marketplace-form-profile.ts'
import type { MarketplaceFormProfile } from '../../api/schemas/marketplace-form-profile.ts'
import { createVerifiedAccount, newAccount } from '../support/accounts.ts'
import {
  clickConvert,
  filledDraftOf,
  marketplaceRecord,
  popupLogin,
  popupPreview,
  popupText,
  screenshotPage,
  STORAGE,
  storedValue,
  until,
  waitForFillReport,
  waitForMarketplaceField,
} from '../support/extension.ts'
import {
  apiLogin,
  createAgent,
  ENV_TIMEOUT_MS,
  startExtensionEnv,
  type ApiSession,
  type ExtensionEnv,
} from '../support/extension-env.ts'

const MARKETPLACE_URL = 'https://www.facebook.com/marketplace/create/rental'
const RENAMED = 'How many bedrooms'

const operator = newAccount('operator')
let env: ExtensionEnv
let listingTab: Page
let profileDir = ''
let agentSession: ApiSession

beforeAll(async () => {
  env = await startExtensionEnv({ serverEnv: { ADMIN_EMAILS: operator.email } })
  profileDir = mkdtempSync(path.join(tmpdir(), 'lb-profile-'))
  await createVerifiedAccount(env.server, 'operator', operator)
  const agent = await createAgent(env.server, 'profile')
  const { account } = agent
  agentSession = agent.session
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

async function convert(): Promise<{ marketplace: Page }> {
  const popup = await env.ext.openPopup(listingTab)
  await popupPreview(popup)
  await clickConvert(popup)
  const marketplace = await env.ext.tabAt(MARKETPLACE_URL)
  await waitForFillReport(marketplace)
  return { marketplace }
}

describe('a label Facebook renamed is fixed on the server', () => {
  it('leaves the renamed field to the agent with the built-in profile, and says which', async () => {
    const { marketplace } = await convert()
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

    const { marketplace } = await convert()
    const stored = await filledDraftOf(env.ext)
    const { state } = await marketplaceRecord(marketplace)
    expect(state.bedrooms).toBe(String(stored.draft.bedrooms))
    expect(stored.fillSummary?.needsUser).not.toContain('bedrooms')
    expect(stored.fillSummary?.filled).toContain('bedrooms')
    await marketplace.close()
  })
})

interface BedroomsHealth {
  fills: number
  filled: number
  not_found: number
}

/** The operators' answer for bedrooms, read with `token`; the status when refused. */
async function bedroomsHealth(token: string): Promise<BedroomsHealth | number> {
  const res = await fetch(`${env.server.api}/admin/marketplace/fill-reports?days=7`, {
    headers: { authorization: `Bearer ${token}` },
  })
  if (!res.ok) return res.status
  const body = (await res.json()) as { data: { fields: (BedroomsHealth & { field: string })[] } }
  const bedrooms = body.data.fields.find((f) => f.field === 'bedrooms')
  if (!bedrooms) throw new Error('no bedrooms in the answer')
  return { fills: bedrooms.fills, filled: bedrooms.filled, not_found: bedrooms.not_found }
}

describe('fill reports reach the operators', () => {
  it('holds both fills: bedrooms not found, then filled; an agent is refused the numbers', async () => {
    const operatorSession = await apiLogin(env.server, operator)
    // The worker posts each report after the fill; wait for the second to land.
    let health: BedroomsHealth | number = 0
    for (let tries = 0; tries < 100; tries++) {
      health = await bedroomsHealth(operatorSession.accessToken)
      if (typeof health !== 'number' && health.fills >= 2) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(health).toEqual({ fills: 2, filled: 1, not_found: 1 })
    expect(await bedroomsHealth(agentSession.accessToken)).toBe(403)
  })
})

describe('teach mode', () => {
  it('fills a field the agent shows, and fills it by itself the next time', async () => {
    env.web.setMarketplaceOptions({ rename: { square_feet: 'Living area' } })
    const first = await convert()
    let state = (await marketplaceRecord(first.marketplace)).state
    expect(state.square_feet).toBe('')
    // "Show me" beside the field, then a click on the field itself.
    await first.marketplace.setViewport({ width: 1100, height: 1300 })
    await screenshotPage(first.marketplace, 'marketplace-show-me')
    await first.marketplace.locator('[data-listingbridge="report"] >>> button.show-me').click()
    await screenshotPage(first.marketplace, 'marketplace-show-me-waiting')
    await first.marketplace.locator('input[data-field="square_feet"]').click()
    const stored = await filledDraftOf(env.ext)
    await waitForMarketplaceField(first.marketplace, 'square_feet')
    expect((await marketplaceRecord(first.marketplace)).state.square_feet).toBe(
      String(stored.draft.square_feet),
    )
    // The worker keeps the label the agent's click taught (the content script cannot).
    await until('the taught label to be kept', async () => {
      const taught = await storedValue<Record<string, string>>(
        await env.ext.worker(),
        'local',
        STORAGE.taughtLabels,
      )
      return taught?.square_feet === 'Living area'
    })
    await first.marketplace.close()

    const second = await convert()
    state = (await marketplaceRecord(second.marketplace)).state
    expect(state.square_feet).toBe(String(stored.draft.square_feet))
    await second.marketplace.close()

    // The report said which label the agent taught: the operators see it.
    const operatorSession = await apiLogin(env.server, operator)
    await until('the taught report to reach the server', async () => {
      const res = await fetch(`${env.server.api}/admin/marketplace/fill-reports?days=7`, {
        headers: { authorization: `Bearer ${operatorSession.accessToken}` },
      })
      const body = (await res.json()) as {
        data: { fields: { field: string; taught_labels: { label: string }[] }[] }
      }
      const squareFeet = body.data.fields.find((f) => f.field === 'square_feet')
      return squareFeet?.taught_labels.some((t) => t.label === 'Living area') === true
    })
  })
})
