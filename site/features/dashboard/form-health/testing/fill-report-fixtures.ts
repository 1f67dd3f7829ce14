import type { FieldHealth, FillReportsSummary } from '../../../../../api/schemas/fill-reports.ts'
import { FORM_FIELD_KEYS } from '../../../../../api/schemas/marketplace-form-profile.ts'

/** Test data for the form-health page in the API's shapes. */

/** `days` UTC days ending 2025-03-14, oldest first. */
export function windowOf(days: number): string[] {
  const end = Date.UTC(2025, 2, 14)
  return Array.from({ length: days }, (_, i) =>
    new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  )
}

/** A healthy field: 10 fills a day, all filled. */
export function fieldHealthFixture(
  overrides: Partial<FieldHealth> & Pick<FieldHealth, 'field'>,
  days = 14,
): FieldHealth {
  const perDay = windowOf(days).map((date) => ({ date, fills: 10, filled: 10, not_found: 0 }))
  return {
    fills: 10 * days,
    filled: 10 * days,
    not_found: 0,
    rate: 1,
    per_day: perDay,
    recent: { fills: 50, filled: 50, rate: 1 },
    alert: false,
    taught_labels: [],
    ...overrides,
  }
}

/** Every field healthy, in the profile's order, with `fields` replacing theirs. */
export function summaryFixture(
  fields: FieldHealth[] = [],
  overrides: Partial<FillReportsSummary> = {},
): FillReportsSummary {
  const days = overrides.days ?? 14
  return {
    days,
    reports: 10 * days,
    fields: FORM_FIELD_KEYS.map(
      (field) => fields.find((f) => f.field === field) ?? fieldHealthFixture({ field }, days),
    ),
    ...overrides,
  }
}

/** A quiet window: no report, every day zero. */
export function emptySummary(days = 14): FillReportsSummary {
  return summaryFixture(
    FORM_FIELD_KEYS.map((field) =>
      fieldHealthFixture(
        {
          field,
          fills: 0,
          filled: 0,
          rate: null,
          per_day: windowOf(days).map((date) => ({ date, fills: 0, filled: 0, not_found: 0 })),
          recent: { fills: 0, filled: 0, rate: null },
        },
        days,
      ),
    ),
    { days, reports: 0 },
  )
}
