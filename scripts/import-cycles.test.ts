import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { importTangles } from './import-cycles.ts'
import { importGraph, relativeImportsOf, sourceFilesUnder } from './import-graph.ts'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

describe('import circles', () => {
  // Type-only imports count (import-graph.ts says why).
  it.each(['api', 'server', 'site', 'src'])('%s/ has none', (root) => {
    const graph = importGraph(sourceFilesUnder(path.join(repo, root)))
    const relative = (files: string[]) => files.map((file) => path.relative(repo, file))
    const circles = importTangles(graph).map(({ circle, files }) => {
      const others = relative(files.filter((file) => !circle.includes(file)))
      const rest = others.length ? ` (tangled with it: ${others.join(', ')})` : ''
      return relative(circle).join(' → ') + rest
    })
    expect(circles, 'move what both files need into a module of its own').toEqual([])
  })
})

describe('the import finder', () => {
  it('reads every kind of relative import, type-only ones too, and skips packages', () => {
    const text = [
      "import { a } from './a.ts'",
      "import type { B } from '../b.ts'",
      "import './c.css'",
      "export { d } from './d.ts'",
      "export * from './e.ts'",
      "const f = () => import('./f.tsx')",
      "let g: import('./g.ts').G",
      "import { z } from 'zod'",
    ].join('\n')
    expect(relativeImportsOf('x.ts', text)).toEqual([
      './a.ts',
      '../b.ts',
      './c.css',
      './d.ts',
      './e.ts',
      './f.tsx',
      './g.ts',
    ])
  })

  it('answers each tangle: a circle from its first file back to it, and all its files', () => {
    const graph = new Map<string, string[]>([
      ['a', ['b']],
      ['b', ['c', 'f']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['b']],
    ])
    expect(importTangles(graph)).toEqual([
      { circle: ['a', 'b', 'c', 'a'], files: ['a', 'b', 'c', 'f'] },
      { circle: ['e', 'e'], files: ['e'] },
    ])
  })
})
