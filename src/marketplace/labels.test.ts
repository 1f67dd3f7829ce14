import { describe, expect, test } from 'vitest'
import { LABELS, type LanguageLabels } from './labels.ts'

/** Every text of the dictionary: field labels, panel names, option texts, forbidden buttons. */
function allTexts(labels: LanguageLabels): string[] {
  const options = Object.values(labels.options).flatMap(
    (byValue: Record<string, readonly string[]>) => Object.values(byValue).flat(),
  )
  return [
    ...Object.values(labels.fields).flat(),
    ...Object.values(labels.names),
    ...options,
    ...labels.neverPress,
  ]
}

/** The filler's own source files (not tests, not test support, not the dictionary itself). */
const sources = import.meta.glob<string>(
  ['./**/*.ts', '!./**/*.test.ts', '!./testing/**', '!./labels.ts'],
  { query: '?raw', import: 'default', eager: true },
)

/** Code without its comments: a comment may quote a label; code must not. */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1')
}

function quoted(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(['"\`])${escaped}\\1`)
}

describe('the label dictionary', () => {
  const texts = [...new Set(Object.values(LABELS).flatMap(allTexts))]

  test('is the only place label texts live', () => {
    expect(Object.keys(sources).length).toBeGreaterThanOrEqual(10)
    const found: string[] = []
    for (const [path, source] of Object.entries(sources)) {
      for (const text of texts)
        if (quoted(text).test(code(source))) found.push(`${path}: "${text}"`)
    }
    expect(found).toEqual([])
  })

  test('the check above would see a label text written in code', () => {
    expect(quoted('Price per month').test("findField(doc, ['Price per month'])")).toBe(true)
    expect(quoted('Next').test(code("press(el) // refuses 'Next'"))).toBe(false)
  })

  test('English comes first and every field has a label', () => {
    expect(Object.keys(LABELS)[0]).toBe('en')
    for (const labels of Object.values(LABELS)) {
      for (const texts of Object.values(labels.fields)) expect(texts.length).toBeGreaterThan(0)
    }
  })
})
