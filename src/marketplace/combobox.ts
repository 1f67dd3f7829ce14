import { optionTexts, optionsNow, visibleOptions } from './options-list.ts'
import { press, pressEscape } from './press.ts'
import { matchingText } from './text-match.ts'
import { waitFor } from './wait-for.ts'

export type ChooseResult =
  | { ok: true; chosen: string }
  | { ok: false; problem: 'no-list' }
  | { ok: false; problem: 'no-option'; offered: string[] }

export interface ChooseOptions {
  neverPress: readonly string[]
  timeoutMs: number
}

/** The option whose text is one of `wanted` — earlier texts of `wanted` win. */
export function findOption(
  options: readonly HTMLElement[],
  wanted: readonly string[],
): { option: HTMLElement; text: string } | null {
  for (const text of wanted) {
    const option = options.find((candidate) =>
      optionTexts(candidate).some((shown) => matchingText(shown, [text]) !== null),
    )
    if (option !== undefined) return { option, text }
  }
  return null
}

/** The combobox already shows one of `wanted` as its value. */
export function showsValue(combobox: HTMLElement, wanted: readonly string[]): boolean {
  const parts = [combobox, ...Array.from(combobox.querySelectorAll('span, div, input'))]
  return parts.some((part) => {
    const text = part instanceof HTMLInputElement ? part.value : part.textContent
    return matchingText(text, wanted) !== null
  })
}

/**
 * Opens the combobox (a press, as a click), waits for its options wherever they render, and
 * presses the one whose text is wanted. When none is, closes the list again and says what was
 * offered.
 */
export async function chooseOption(
  combobox: HTMLElement,
  wanted: readonly string[],
  options: ChooseOptions,
): Promise<ChooseResult> {
  const doc = combobox.ownerDocument
  const before = optionsNow(doc)
  press(combobox, options.neverPress)
  const shown = await waitFor(
    doc,
    () => {
      const list = visibleOptions(doc, combobox, before)
      return list.length > 0 ? list : null
    },
    { timeoutMs: options.timeoutMs },
  )
  if (shown === null) return { ok: false, problem: 'no-list' }
  const match = findOption(shown, wanted)
  if (match === null) {
    pressEscape(combobox)
    const offered = shown.map((option) => option.textContent.replace(/\s+/g, ' ').trim())
    return { ok: false, problem: 'no-option', offered: offered.filter(Boolean) }
  }
  press(match.option, options.neverPress)
  return { ok: true, chosen: match.text }
}
