import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { chooseOption } from './combobox.ts'
import { loadMarketplaceFixture, unloadMarketplaceFixture } from './testing/marketplace-fixture.ts'

const OPTIONS = { neverPress: ['Next', 'Publish'], timeoutMs: 1000 }

function combobox(field: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(`[role=combobox][data-field=${field}]`)
  if (element === null) throw new Error(`no ${field} combobox`)
  return element
}

beforeEach(async () => {
  loadMarketplaceFixture({ delay: 0 })
  await new Promise((resolve) => setTimeout(resolve, 20))
})

afterEach(() => {
  unloadMarketplaceFixture()
})

describe('chooseOption', () => {
  test('opens the list, finds the option by text in the portal at the end of <body>, presses it', async () => {
    const box = combobox('heating')
    // The options do not exist until the combobox is pressed.
    expect(document.querySelector('[role=option]')).toBeNull()

    const result = await chooseOption(box, ['Radiator heating'], OPTIONS)

    expect(result).toEqual({ ok: true, chosen: 'Radiator heating' })
    expect(window.__fixture?.state.heating).toBe('Radiator heating')
  })

  test('an earlier wanted text wins over a later one', async () => {
    const result = await chooseOption(
      combobox('laundry'),
      ['No laundry', 'None', 'Laundry available'],
      OPTIONS,
    )
    expect(result).toEqual({ ok: true, chosen: 'None' })
  })

  test('no option with the text: says what was offered and closes the list', async () => {
    const result = await chooseOption(combobox('property_type'), ['Land', 'Lot'], OPTIONS)

    expect(result).toEqual({
      ok: false,
      problem: 'no-option',
      offered: ['Apartment', 'House', 'Room only', 'Townhouse'],
    })
    expect(document.querySelector('[role=listbox]')).toBeNull()
    expect(window.__fixture?.state.property_type).toBeNull()
  })

  test('a list that never opens', async () => {
    const inert = document.createElement('div')
    inert.setAttribute('role', 'combobox')
    document.body.append(inert)
    expect(await chooseOption(inert, ['None'], { ...OPTIONS, timeoutMs: 100 })).toEqual({
      ok: false,
      problem: 'no-list',
    })
  })
})
