/**
 * A comment points at what a reader of the repository can open: it states its rule, or names an
 * anchor of the project's own docs (`docs/product.md#trial`). Notes kept outside the repository
 * are never cited, and every docs anchor that is named exists.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

// Built from parts, so that this file never matches what it looks for.
const SPEC = ['SP', 'EC'].join('')
const DESIGN = ['DES', 'IGN'].join('')
const SECTION = '\u00a7'

/** Citations of the outside notes: by name, by section number, or as "the" note. */
const CITATIONS: readonly RegExp[] = [
  // either name followed by a section sign, ".md", a section number or a closing bracket
  new RegExp(`\\b(?:${SPEC}|${DESIGN})(?:\\.md\\b|\\s*${SECTION}|\\s+\\d|\\))`),
  // a section sign followed by a number, whatever precedes it
  new RegExp(`${SECTION}\\s*\\d`),
  // "the" and the first name in lower case, short or spelled out
  new RegExp(`\\bthe\\s+${SPEC.toLowerCase()}(?:ification)?\\b`, 'i'),
]

/** Never part of the repository's own text. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results', 'coverage', 'data'])

/** Tracked files and new ones not ignored; a walk where git is not at hand. */
function repositoryFiles(): string[] {
  try {
    const out = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      {
        cwd: repo,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    )
    return out.split('\0').filter(Boolean)
  } catch {
    return walk('')
  }
}

function walk(dir: string): string[] {
  return readdirSync(path.join(repo, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) || rel === 'tmp' ? [] : walk(rel)
    return entry.isFile() ? [rel] : []
  })
}

interface TextFile {
  file: string
  lines: string[]
}

/** Every text file (binary ones, with a NUL byte, are left out), read once. */
function textFiles(): TextFile[] {
  return repositoryFiles().flatMap((file) => {
    const full = path.join(repo, file)
    // A tracked file deleted in the working tree is listed too.
    if (!existsSync(full) || !statSync(full).isFile()) return []
    const bytes = readFileSync(full)
    if (bytes.includes(0)) return []
    return [{ file, lines: bytes.toString('utf8').split('\n') }]
  })
}

/** GitHub's heading anchor: lower case, punctuation dropped, each space a hyphen. */
function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** The anchors of one docs file: explicit `<a id>`s and its headings' (repeats get `-1`, `-2`). */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>()
  for (const match of text.matchAll(/<a id="([^"]+)"/g)) anchors.add(match[1] ?? '')
  const seen = new Map<string, number>()
  for (const match of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = headingSlug(match[1] ?? '')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}

const files = textFiles()

describe('citations', () => {
  it('cite no notes kept outside the repository', () => {
    const found = files.flatMap(({ file, lines }) =>
      lines.flatMap((line, index) =>
        CITATIONS.some((pattern) => pattern.test(line))
          ? [`${file}:${index + 1}: ${line.trim().slice(0, 120)}`]
          : [],
      ),
    )
    expect(found, 'state the rule, or point at docs/<file>.md#<anchor>').toEqual([])
  })

  it('name only docs anchors that exist', () => {
    const docs = new Map(
      files
        .filter(({ file }) => /^docs\/[^/]+\.md$/.test(file))
        .map(({ file, lines }) => [path.posix.basename(file), anchorsOf(lines.join('\n'))]),
    )
    const broken = files.flatMap(({ file, lines }) => {
      const own = /^docs\/[^/]+\.md$/.test(file) ? path.posix.basename(file) : null
      return lines.flatMap((line, index) => {
        const refs = [...line.matchAll(/([\w-]+\.md)?#([\w-]+)/g)].flatMap((match) => {
          const [ref, doc, anchor] = match
          // A bare `#anchor` counts only as a Markdown link inside a docs file: `](#trial)`.
          const target = doc ?? (own && line.slice(0, match.index).endsWith('](') ? own : null)
          const anchors = target === null ? undefined : docs.get(target)
          return anchors && anchor && !anchors.has(anchor) ? [ref] : []
        })
        return refs.map((ref) => `${file}:${index + 1}: ${ref}`)
      })
    })
    expect(broken).toEqual([])
  })
})
