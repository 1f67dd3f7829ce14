import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineScriptSources, withScriptSources } from './inline-script-csp.ts'

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

describe('inline scripts in the CSP', () => {
  it('hashes the text of each inline script, as the browser does, and skips scripts with src', () => {
    const html = [
      '<head><script>var a = 1</script>',
      '<script type="module" crossorigin src="/assets/app.js"></script>',
      '<SCRIPT data-x="y">\n  é()\n</SCRIPT></head>',
    ].join('')
    expect(inlineScriptSources(html)).toEqual([sha256('var a = 1'), sha256('\n  é()\n')])
    expect(inlineScriptSources('<div id="root"></div>')).toEqual([])
  })

  it('adds the hashes to script-src and leaves every other directive as it was', () => {
    const policy = "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self'"
    expect(withScriptSources(policy, ["'sha256-a'", "'sha256-b'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-a' 'sha256-b';script-src-attr 'none';style-src 'self'",
    )
    expect(withScriptSources(policy, [])).toBe(policy)
    // Without script-src, default-src rules scripts; a new script-src would loosen it.
    expect(withScriptSources("default-src 'self'", ["'sha256-a'"])).toBe("default-src 'self'")
  })
})
