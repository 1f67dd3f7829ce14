import { describe, expect, it } from 'vitest'
import { decodeHtmlEntities } from './decode-html-entities.ts'

describe('decodeHtmlEntities', () => {
  it('decodes the named references remarks use', () => {
    expect(decodeHtmlEntities('Tom &amp; Jerry&#39;s &quot;home&quot;')).toBe(
      `Tom & Jerry's "home"`,
    )
    expect(
      decodeHtmlEntities('caf&eacute; &ndash; 2&frac12; baths&hellip; Owner&rsquo;s suite'),
    ).toBe('café – 2½ baths… Owner’s suite')
    expect(decodeHtmlEntities('a&nbsp;b')).toBe('a\u00a0b')
  })

  it('decodes decimal and hex references, with HTML’s rules for odd code points', () => {
    expect(decodeHtmlEntities('&#8217;&#x2019;&#X1F3E0;')).toBe('’’🏠')
    // 128–159 mean what Windows-1252 meant: &#146; is a right single quote.
    expect(decodeHtmlEntities('Owner&#146;s')).toBe('Owner’s')
    expect(decodeHtmlEntities('&#0;&#xD800;&#x110000;')).toBe('\uFFFD\uFFFD\uFFFD')
  })

  it('turns markup-looking references into text, never into markup', () => {
    expect(decodeHtmlEntities('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(
      '<script>alert(1)</script>',
    )
  })

  it('decodes once and leaves what is not a reference alone', () => {
    expect(decodeHtmlEntities('&amp;lt;')).toBe('&lt;')
    expect(decodeHtmlEntities('AT&T, R&D &bogus; &amp')).toBe('AT&T, R&D &bogus; &amp')
    expect(decodeHtmlEntities('no references')).toBe('no references')
  })
})
