import { afterEach, describe, expect, test, vi } from 'vitest'
import { BUILT_IN_FORM_PROFILE } from '../../api/marketplace-form-profile.ts'
import type { FillReportBody } from '../../api/schemas/fill-reports.ts'
import { afterFill } from './after-fill.ts'
import { fillMarketplaceForm, type FillRequest } from './fill-marketplace.ts'
import { buildFillReport } from './fill-report.ts'
import { fillWithRefresh } from './fill-with-refresh.ts'
import { photoFiles, rentalDraft } from './testing/drafts.ts'
import { loadMarketplaceFixture, unloadMarketplaceFixture } from './testing/marketplace-fixture.ts'
import { FAST } from './testing/fast-fill.ts'

afterEach(() => {
  unloadMarketplaceFixture()
  vi.restoreAllMocks()
})

/** Fills the fixture (no newer profile to be had), then shows the panel as the content script does. */
async function fillAndShow(rename: Record<string, string>, { acceptUntrusted = true } = {}) {
  const fixture = loadMarketplaceFixture({ delay: 0, rename })
  const request: FillRequest = {
    draft: rentalDraft,
    photos: photoFiles(2),
    profile: BUILT_IN_FORM_PROFILE,
  }
  const report = await fillWithRefresh(
    request as FillRequest & { profile: typeof BUILT_IN_FORM_PROFILE },
    {
      refresh: () => Promise.resolve(null),
      fillOptions: FAST,
    },
  )
  const sent: FillReportBody[] = []
  const save = vi.fn((_field: string, _label: string) => Promise.resolve())
  const panel = afterFill(report, {
    request,
    durationMs: 1500,
    send: (body) => sent.push(body),
    save,
    fillOptions: FAST,
    // The tests' events are synthetic; the extension takes only the agent's own.
    acceptUntrusted,
  })
  const root = panel.host.shadowRoot
  if (root === null) throw new Error('the panel has no shadow root')
  return { fixture, report, sent, save, panel, root }
}

function showMe(root: ShadowRoot, name: string): HTMLButtonElement {
  const button = root.querySelector<HTMLButtonElement>(
    `button[aria-label="Show me the ${name} field"]`,
  )
  if (button === null) throw new Error(`no Show me for ${name}`)
  return button
}

function hint(root: ShadowRoot): string {
  return root.querySelector('.hint')?.textContent ?? ''
}

/** A click as the agent makes one; answers whether the page saw it (its default not prevented). */
function click(target: Element): boolean {
  for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup']) {
    target.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, composed: true }))
  }
  return target.dispatchEvent(
    new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }),
  )
}

function field(key: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(`[data-field=${key}]`)
  if (element === null) throw new Error(`no ${key} on the page`)
  return element
}

describe('teach mode ("Show me")', () => {
  test('the agent shows the renamed field: filled with the draft’s value, its label kept, the report says taught', async () => {
    const { fixture, sent, save, root } = await fillAndShow({ bedrooms: 'How many bedrooms' })
    // The fill's report went at once, bedrooms not found.
    expect(sent).toHaveLength(1)
    expect(sent[0]?.fields).toContainEqual({ field: 'bedrooms', outcome: 'not_found', label: null })
    expect(root.querySelector('.needs')?.textContent).toContain('Bedrooms')
    // Only fields not found (or found as the wrong kind) may be shown.
    expect(root.querySelectorAll('button.show-me')).toHaveLength(1)

    showMe(root, 'Bedrooms').click()
    expect(hint(root)).toContain('Click the Bedrooms field')
    // The page never sees the click that shows the field.
    const pageSaw: string[] = []
    field('bedrooms').addEventListener('click', () => pageSaw.push('click'))
    expect(click(field('bedrooms'))).toBe(false)
    expect(pageSaw).toEqual([])

    await vi.waitFor(() => {
      expect(save).toHaveBeenCalledWith('bedrooms', 'How many bedrooms')
    })
    expect(fixture.state.bedrooms).toBe('2')
    expect(hint(root)).toContain('How many bedrooms')
    // Moved to Filled, and reported on its own as taught.
    expect(root.querySelector('.needs')?.textContent).not.toContain('Bedrooms')
    expect(sent).toHaveLength(2)
    expect(sent[1]?.fields).toEqual([
      { field: 'bedrooms', outcome: 'taught', label: 'How many bedrooms' },
    ])
    expect(JSON.stringify(sent)).not.toContain('Eastern Pkwy')
    expect(fixture.clicks).toEqual([])

    // Later clicks are the page's again.
    expect(click(field('price'))).toBe(true)
  })

  test('the next fill finds the field by the taught label first: filled, with that label', async () => {
    const fixture = loadMarketplaceFixture({ delay: 0, rename: { bedrooms: 'How many bedrooms' } })
    const report = await fillMarketplaceForm(
      { draft: rentalDraft, photos: photoFiles(1), taught: { bedrooms: 'How many bedrooms' } },
      FAST,
    )
    expect(fixture.state.bedrooms).toBe('2')
    expect(report.needsYou.map((item) => item.field)).not.toContain('bedrooms')
    const body = buildFillReport(report, { language: 'en', durationMs: 1 })
    // Found by the taught label, not the profile's: reported as taught, so the field stays red.
    expect(body?.fields).toContainEqual({
      field: 'bedrooms',
      outcome: 'taught',
      label: 'How many bedrooms',
    })
  })

  test('a combobox shown: chosen by the value’s option texts', async () => {
    const { fixture, save, sent, root } = await fillAndShow({ laundry: 'Washer and dryer' })
    showMe(root, 'Laundry type').click()
    expect(click(field('laundry'))).toBe(false)
    await vi.waitFor(() => {
      expect(save).toHaveBeenCalledWith('laundry', 'Washer and dryer')
    })
    expect(fixture.state.laundry).toBe('Laundry in building')
    expect(sent.at(-1)?.fields).toEqual([
      { field: 'laundry', outcome: 'taught', label: 'Washer and dryer' },
    ])
    expect(fixture.clicks).toEqual([])
  })

  test('Escape cancels; the panel stays, and the next click is the page’s', async () => {
    const { fixture, save, sent, panel, root } = await fillAndShow({
      bedrooms: 'How many bedrooms',
    })
    showMe(root, 'Bedrooms').click()
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    expect(hint(root)).toBe('')
    expect(panel.host.isConnected).toBe(true)

    expect(click(field('bedrooms'))).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(fixture.state.bedrooms).toBe('')
    expect(save).not.toHaveBeenCalled()

    // Cancel, by its button, as the keyboard reaches it.
    showMe(root, 'Bedrooms').click()
    const cancel = root.querySelector<HTMLButtonElement>('.hint button')
    expect(root.activeElement).toBe(cancel)
    cancel?.click()
    expect(hint(root)).toBe('')

    // Nothing taught: the fill's report is the only one, the field not found.
    panel.close()
    expect(sent).toHaveLength(1)
    expect(sent[0]?.fields).toContainEqual({ field: 'bedrooms', outcome: 'not_found', label: null })
  })

  test('a click on something that is not a form control is ignored, with a hint', async () => {
    const { fixture, save, root } = await fillAndShow({ bedrooms: 'How many bedrooms' })
    showMe(root, 'Bedrooms').click()
    const heading = document.querySelector('h1')
    if (heading === null) throw new Error('no heading')
    // Not taken, and not kept from the page either.
    expect(click(heading)).toBe(true)
    expect(hint(root)).toContain("That isn't a form field")
    expect(save).not.toHaveBeenCalled()

    // Still waiting for the field.
    expect(click(field('bedrooms'))).toBe(false)
    await vi.waitFor(() => {
      expect(fixture.state.bedrooms).toBe('2')
    })
  })

  test('a control labelled Publish (or Next) is never taken for a field, nor pressed', async () => {
    const { fixture, save, root } = await fillAndShow({ bedrooms: 'How many bedrooms' })
    const input = document.createElement('input')
    const label = document.createElement('label')
    label.append('Publish', input)
    const combobox = document.createElement('div')
    combobox.setAttribute('role', 'combobox')
    combobox.tabIndex = 0
    const box = document.createElement('div')
    const caption = document.createElement('span')
    caption.textContent = 'Publish'
    box.append(caption, combobox)
    document.body.append(label, box)

    showMe(root, 'Bedrooms').click()
    for (const control of [input, combobox]) {
      // Not taken, and the agent's press is the page's.
      expect(click(control)).toBe(true)
      expect(hint(root)).toContain("That isn't a form field")
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(input.value).toBe('')
    expect(save).not.toHaveBeenCalled()
    expect(fixture.clicks).toEqual([])

    // Still waiting for the field.
    expect(click(field('bedrooms'))).toBe(false)
    await vi.waitFor(() => {
      expect(save).toHaveBeenCalledWith('bedrooms', 'How many bedrooms')
    })
  })

  test('another field’s control is refused: its value stays, no label kept, still waiting', async () => {
    const { fixture, save, sent, root } = await fillAndShow({ bedrooms: 'How many bedrooms' })
    const bathrooms = fixture.state.bathrooms
    showMe(root, 'Bedrooms').click()
    expect(click(field('bathrooms'))).toBe(false)
    expect(hint(root)).toContain("That's the Bathrooms field")
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(fixture.state.bathrooms).toBe(bathrooms)
    expect(save).not.toHaveBeenCalled()
    expect(sent).toHaveLength(1)

    expect(click(field('bedrooms'))).toBe(false)
    await vi.waitFor(() => {
      expect(save).toHaveBeenCalledWith('bedrooms', 'How many bedrooms')
    })
    expect(fixture.state.bedrooms).toBe('2')
    expect(fixture.state.bathrooms).toBe(bathrooms)
  })

  test('a label taught for another field is that field’s: refused', async () => {
    const { fixture, save, panel, root } = await fillAndShow({
      bedrooms: 'How many bedrooms',
      bathrooms: 'How many bathrooms',
    })
    showMe(root, 'Bathrooms').click()
    expect(click(field('bathrooms'))).toBe(false)
    await vi.waitFor(() => {
      expect(save).toHaveBeenCalledWith('bathrooms', 'How many bathrooms')
    })
    // Taught just now for Bathrooms: not Bedrooms' label.
    showMe(root, 'Bedrooms').click()
    expect(click(field('bathrooms'))).toBe(false)
    expect(hint(root)).toContain("That's the Bathrooms field")
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(save).toHaveBeenCalledTimes(1)
    expect(fixture.state.bedrooms).toBe('')
    panel.close()
  })

  test('Sale or rent is never offered to be shown', async () => {
    const { root } = await fillAndShow({ listing_type: 'Sell or rent out' })
    expect(root.querySelector('button[aria-label="Show me the Sale or rent field"]')).toBeNull()
  })

  test('synthetic events (a page script’s) neither start teaching nor pick a control', async () => {
    const { fixture, save, sent, root } = await fillAndShow(
      { bedrooms: 'How many bedrooms' },
      { acceptUntrusted: false },
    )
    showMe(root, 'Bedrooms').click()
    expect(hint(root)).toBe('')
    expect(click(field('bedrooms'))).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(fixture.state.bedrooms).toBe('')
    expect(save).not.toHaveBeenCalled()
    expect(sent).toHaveLength(1)
  })

  test('the report goes at once, whether or not there is anything to show', async () => {
    const done = await fillAndShow({})
    expect(done.sent).toHaveLength(1)
    expect(done.root.querySelector('button.show-me')).toBeNull()
    unloadMarketplaceFixture()

    const waiting = await fillAndShow({ bedrooms: 'How many bedrooms' })
    expect(waiting.sent).toHaveLength(1)
  })
})
