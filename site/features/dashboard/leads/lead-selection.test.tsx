import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAt } from '../../../testing/render.tsx'
import LeadsPage from './leads-page.tsx'
import { MAX_SELECTED, SELECTION_LIMIT_MESSAGE, withSelected } from './lead-selection.ts'
import { leadFixture } from './testing/lead-fixtures.ts'
import { stubLeadsApi } from './testing/leads-api.ts'

/** The page with a limit of 3, so a page of leads can pass it without rendering a thousand rows. */
const TEST_LIMIT = 3
vi.mock('./lead-selection.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./lead-selection.ts')>()
  return {
    ...real,
    withSelected: (...args: Parameters<typeof real.withSelected>) =>
      real.withSelected(args[0], args[1], args[2], TEST_LIMIT),
  }
})

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the selection limit', () => {
  it(`is the most ids one request takes (${MAX_SELECTED}): no tick past it`, async () => {
    const { withSelected: real } =
      await vi.importActual<typeof import('./lead-selection.ts')>('./lead-selection.ts')
    const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `id-${from + i}`)
    const full = real(new Set(), ids(MAX_SELECTED), true)
    expect(full.refused).toBe(false)
    expect(full.next.size).toBe(MAX_SELECTED)
    const more = real(full.next, ids(1, MAX_SELECTED), true)
    expect(more).toEqual({ next: full.next, refused: true })
    // Ticking what is already ticked, or unticking, is always fine.
    expect(real(full.next, ids(5), true).refused).toBe(false)
    expect(real(full.next, ids(5), false).next.size).toBe(MAX_SELECTED - 5)
    expect(withSelected).not.toBe(real)
  })

  it('refuses ticking a page past it, says so, and keeps what was selected', async () => {
    const leads = Array.from({ length: TEST_LIMIT + 1 }, (_, i) =>
      leadFixture({ _id: `m-${i}`, owner_name: `Owner ${i}` }),
    )
    stubLeadsApi(leads)
    const { user } = renderAt('/dashboard/leads', <LeadsPage />)
    await screen.findByText('Owner 0')
    await user.click(screen.getByRole('checkbox', { name: 'Select Owner 2' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select all leads on this page' }))
    expect(await screen.findByText(SELECTION_LIMIT_MESSAGE)).toBeInTheDocument()
    expect(screen.getByText('1 selected')).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Select Owner 0' })).not.toBeChecked()

    // Up to the limit is fine, and the bar says it is full.
    await user.click(screen.getByRole('checkbox', { name: 'Select Owner 0' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select Owner 1' }))
    expect(screen.getByText('3 selected')).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Select Owner 3' }))
    expect(screen.getByText('3 selected')).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Select Owner 3' })).not.toBeChecked()
  })
})
