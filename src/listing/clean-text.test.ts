import { describe, expect, it } from 'vitest'
import {
  cleanDescription,
  cleanInlineText,
  cleanMultilineText,
  truncateText,
} from './clean-text.ts'

describe('text cleaning', () => {
  it('collapses whitespace on one line', () => {
    expect(cleanInlineText('  Wong\u00a0 Real\tEstate \n Grp ')).toBe('Wong Real Estate Grp')
  })

  it('keeps paragraphs but no runs of blank lines or spaces', () => {
    expect(cleanMultilineText('  First  line \r\n\r\n\r\n\r\n second\u00a0\u00a0line  \n')).toBe(
      'First line\n\nsecond line',
    )
  })

  it('cuts to a length without splitting a character or leaving a trailing space', () => {
    expect(truncateText('abcdef', 10)).toBe('abcdef')
    expect(truncateText('ab 🏠', 4)).toBe('ab')
    expect(truncateText('abc def', 4)).toBe('abc')
  })

  it('makes remarks plain text: references decoded, <br> as a line break, tags left as text', () => {
    expect(cleanDescription(' Sunny &amp; bright.<br/>Walk to BART<BR>  ', 1000)).toBe(
      'Sunny & bright.\nWalk to BART',
    )
    expect(cleanDescription('3 beds <b>and</b> a<b', 1000)).toBe('3 beds <b>and</b> a<b')
    expect(cleanDescription('  &nbsp; ', 1000)).toBeNull()
    expect(cleanDescription('x'.repeat(30), 20)).toBe('x'.repeat(20))
  })
})
