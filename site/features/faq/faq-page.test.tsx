import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { REPEAT_CONVERSION_RULE } from '../../content/metering-rule.ts'
import { renderAt } from '../../testing/render.tsx'
import FaqPage from './faq-page.tsx'

describe('FAQ (/faq)', () => {
  it('lists six questions, all closed at first', () => {
    renderAt('/faq', <FaqPage />)
    const buttons = screen.getAllByRole('button', { expanded: false })
    expect(buttons).toHaveLength(6)
    expect(screen.queryAllByRole('region')).toHaveLength(0)
  })

  it('keeps several answers open at once', async () => {
    const { user } = renderAt('/faq', <FaqPage />)
    const first = screen.getByRole('button', { name: /MLS to Facebook Marketplace/ })
    const trial = screen.getByRole('button', { name: /7-day free trial/ })

    await user.click(first)
    await user.click(trial)
    expect(first).toHaveAttribute('aria-expanded', 'true')
    expect(trial).toHaveAttribute('aria-expanded', 'true')
    const firstPanel = document.getElementById(first.getAttribute('aria-controls') ?? '')
    const trialPanel = document.getElementById(trial.getAttribute('aria-controls') ?? '')
    expect(firstPanel).toBeVisible()
    expect(trialPanel).toBeVisible()
    expect(trialPanel).toHaveTextContent(/no credit card/i)

    await user.click(first)
    expect(first).toHaveAttribute('aria-expanded', 'false')
    expect(firstPanel).not.toBeVisible()
    expect(trialPanel).toBeVisible()
  })

  it('answers the FSBO question as the product describes it', async () => {
    const { user } = renderAt('/faq', <FaqPage />)
    await user.click(screen.getByRole('button', { name: /FSBO/ }))
    const answer = screen.getByRole('region', { name: /FSBO/ })
    expect(answer).toHaveTextContent(/scans FSBO listing sites/)
    expect(answer).toHaveTextContent(/CSV/)
    expect(answer).toHaveTextContent(/CRM/)
  })

  it('says how repeat conversions are counted, in the Listings page’s words', async () => {
    const { user } = renderAt('/faq', <FaqPage />)
    await user.click(screen.getByRole('button', { name: /limit to how many listings/ }))
    const answer = screen.getByRole('region', { name: /limit to how many listings/ })
    expect(answer).toHaveTextContent(REPEAT_CONVERSION_RULE)
  })

  it('ends with a Contact Support link', () => {
    renderAt('/faq', <FaqPage />)
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      '/contact-us',
    )
  })
})
