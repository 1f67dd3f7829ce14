import { afterEach, describe, expect, test } from 'vitest'
import { setReactValue } from './react-input.ts'
import { loadMarketplaceFixture, unloadMarketplaceFixture } from './testing/marketplace-fixture.ts'

afterEach(() => {
  unloadMarketplaceFixture()
})

async function fixtureInput(field: string): Promise<HTMLInputElement | HTMLTextAreaElement> {
  const fixture = loadMarketplaceFixture({ delay: 0 })
  await new Promise((resolve) => setTimeout(resolve, 20))
  const input = document.querySelector<HTMLInputElement>(`[data-field=${field}]`)
  if (input === null) throw new Error(`no ${field} input; renders: ${fixture.renders}`)
  return input
}

describe('setReactValue against the fixture’s React-like inputs', () => {
  test('plain assignment plus an input event never reaches the state (why the setter matters)', async () => {
    const input = await fixtureInput('price')
    input.value = '3450'
    input.dispatchEvent(new Event('input', { bubbles: true }))
    expect(window.__fixture?.state.price).toBe('')
    expect(input.value).toBe('')
  })

  test('the native setter and a bubbling input event do', async () => {
    const input = await fixtureInput('price')
    setReactValue(input, '3450')
    expect(window.__fixture?.state.price).toBe('3450')
    expect(input.value).toBe('3450')
  })

  test('works for a textarea too', async () => {
    const textarea = await fixtureInput('description')
    setReactValue(textarea, 'Line one\nLine two')
    expect(window.__fixture?.state.description).toBe('Line one\nLine two')
  })
})
