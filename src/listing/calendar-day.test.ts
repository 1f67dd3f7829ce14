import { describe, expect, it } from 'vitest'
import {
  calendarDay,
  calendarDayAt,
  calendarDayFromText,
  calendarDayInText,
} from './calendar-day.ts'

describe('calendar days as the sites write them', () => {
  it('reads whole texts in every spelling the sites use, and only real days', () => {
    expect(calendarDayFromText('2023-04-21')).toBe('2023-04-21')
    expect(calendarDayFromText('2022-06-10T21:02:49Z')).toBe('2022-06-10')
    expect(calendarDayFromText('08/01/2026')).toBe('2026-08-01')
    expect(calendarDayFromText('Aug 1, 2026')).toBe('2026-08-01')
    expect(calendarDayFromText('Available Now')).toBeUndefined()
    expect(calendarDayFromText('2026-06-31')).toBeUndefined()
    expect(calendarDayFromText(undefined)).toBeUndefined()
  })

  it('finds a day inside a longer text', () => {
    expect(calendarDayInText('SEP 5, 2025')).toBe('2025-09-05')
    expect(calendarDayInText('Sold for $800,000 on September 5, 2025.')).toBe('2025-09-05')
    expect(calendarDayInText('SEPT 30, 2024')).toBe('2024-09-30')
    expect(calendarDayInText('Soon, 2025')).toBeUndefined()
  })

  it('reads epoch milliseconds, and never throws on a number Date cannot hold', () => {
    // 2025-09-05 00:00 in Los Angeles.
    expect(calendarDayAt(1757055600000)).toBe('2025-09-05')
    expect(calendarDayAt(1e20)).toBeUndefined()
    expect(calendarDayAt(Number.NaN)).toBeUndefined()
    expect(calendarDay(1718582400000)).toBe('2024-06-17')
    expect(calendarDay(1e20)).toBeUndefined()
    expect(calendarDay('2024-06-17')).toBe('2024-06-17')
    expect(calendarDay({})).toBeUndefined()
  })
})
