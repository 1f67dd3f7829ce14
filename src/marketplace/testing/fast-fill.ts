import type { FillOptions } from '../fill-marketplace.ts'

/** Short waits for the fixture form, which renders and answers at once in tests. */
export const FAST: FillOptions = {
  formTimeoutMs: 3000,
  fieldTimeoutMs: 300,
  optionTimeoutMs: 1000,
  retryDelayMs: 50,
}
