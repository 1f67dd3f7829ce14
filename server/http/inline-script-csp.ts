import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'

/** A classic or module <script> without src: its text is what the browser hashes. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi

/** The CSP sources (`'sha256-…'`) that allow exactly the inline scripts of `html`. */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, text]) =>
      `'sha256-${createHash('sha256')
        .update(text ?? '', 'utf8')
        .digest('base64')}'`,
  )
}

/**
 * `policy` with `sources` added to its script-src. A policy without script-src is returned as it
 * is: adding one would loosen what default-src allows.
 */
export function withScriptSources(policy: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy
  return policy
    .split(';')
    .map((directive) => {
      const [name] = directive.trim().split(/\s+/)
      return name?.toLowerCase() === 'script-src'
        ? `${directive.trim()} ${sources.join(' ')}`
        : directive
    })
    .join(';')
}

interface CachedSources {
  mtimeMs: number
  size: number
  sources: string[]
}
const cache = new Map<string, CachedSources>()

/**
 * The inline-script sources of the HTML file at `file`, read once per version of it (size and
 * modification time): the pages are rebuilt without restarting the server, and the hash must be
 * the one of the page being sent.
 */
export async function inlineScriptSourcesOf(
  file: string,
  version: { mtimeMs: number; size: number },
): Promise<string[]> {
  const cached = cache.get(file)
  if (cached?.mtimeMs === version.mtimeMs && cached.size === version.size) return cached.sources
  const sources = inlineScriptSources(await readFile(file, 'utf8'))
  cache.set(file, { ...version, sources })
  return sources
}
