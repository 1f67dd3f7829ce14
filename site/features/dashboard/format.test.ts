import { describe, expect, it } from 'vitest'
import {
  formatCount,
  formatDate,
  formatUsd,
  paymentTypeLabel,
  shortTransactionId,
  statusLabel,
  statusTone,
} from './format.ts'

describe('dashboard formats (docs/product.md#display)', () => {
  it('shows dates as MM/DD/YYYY (en-US)', () => {
    // Midday UTC: the same calendar day in every time zone from UTC-11 to UTC+11.
    expect(formatDate('2025-03-05T12:00:00.000Z')).toBe('03/05/2025')
    expect(formatDate('2026-11-22T12:00:00.000Z')).toBe('11/22/2026')
    expect(formatDate(null)).toBe('—')
    expect(formatDate('garbage')).toBe('—')
  })

  it('shows money with $ and cents', () => {
    expect(formatUsd(49)).toBe('$49.00')
    expect(formatUsd(468)).toBe('$468.00')
    expect(formatUsd(39.5)).toBe('$39.50')
    expect(formatUsd(1234.5)).toBe('$1,234.50')
  })

  it('shows the transaction ID as # and its first 8 characters', () => {
    expect(shortTransactionId('1a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d')).toBe('#1a2b3c4d')
    expect(shortTransactionId('#1a2b3c4d5e6f')).toBe('#1a2b3c4d')
    expect(shortTransactionId('abc')).toBe('#abc')
  })

  it('shows payment types with underscores as spaces', () => {
    expect(paymentTypeLabel('subscription_create')).toBe('subscription create')
    expect(paymentTypeLabel('subscription_cycle_renewal')).toBe('subscription cycle renewal')
    expect(paymentTypeLabel('manual')).toBe('manual')
  })

  it('colours succeeded green and every other status yellow', () => {
    expect(statusTone('succeeded')).toBe('success')
    expect(statusTone('Succeeded')).toBe('success')
    for (const other of ['pending', 'failed', 'requires_action', 'refunded']) {
      expect(statusTone(other)).toBe('warning')
    }
    expect(statusLabel('requires_action')).toBe('Requires action')
  })

  it('groups thousands in counts', () => {
    expect(formatCount(0)).toBe('0')
    expect(formatCount(1234567)).toBe('1,234,567')
  })
})
