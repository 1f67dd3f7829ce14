import type { ImportGraph } from './import-graph.ts'

/**
 * The graph's strongly connected components of more than one file (or a file importing itself),
 * by Tarjan's algorithm: every import circle lies inside one of them.
 */
function tangledComponents(graph: ImportGraph): string[][] {
  const index = new Map<string, number>()
  const lowLink = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []

  const connect = (file: string): void => {
    index.set(file, index.size)
    lowLink.set(file, index.get(file) ?? 0)
    stack.push(file)
    onStack.add(file)
    for (const imported of graph.get(file) ?? []) {
      if (!index.has(imported)) {
        connect(imported)
        lowLink.set(file, Math.min(lowLink.get(file) ?? 0, lowLink.get(imported) ?? 0))
      } else if (onStack.has(imported)) {
        lowLink.set(file, Math.min(lowLink.get(file) ?? 0, index.get(imported) ?? 0))
      }
    }
    if (lowLink.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member === undefined) break
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) components.push(component)
  }

  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file)
  return components
}

/** The shortest circle from `start` back to itself, inside `within` (breadth first). */
function shortestCircle(graph: ImportGraph, start: string, within: Set<string>): string[] {
  const cameFrom = new Map<string, string>()
  const queue = [start]
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    for (const next of graph.get(at) ?? []) {
      if (!within.has(next)) continue
      if (next === start) {
        const circle = [start]
        for (let step: string | undefined = at; step !== start; step = cameFrom.get(step)) {
          if (step === undefined) break
          circle.unshift(step)
        }
        circle.unshift(start)
        return circle
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, at)
        queue.push(next)
      }
    }
  }
  return []
}

/** A tangle of mutually importing files: one circle through it, and every file in it. */
export interface ImportTangle {
  /** File paths from the tangle's first file (in sort order) back to it: `[a, b, a]`. */
  circle: string[]
  /** Every file of the tangle, sorted: breaking `circle` may leave another circle among them. */
  files: string[]
}

/** The graph's tangles, sorted by their first file. */
export function importTangles(graph: ImportGraph): ImportTangle[] {
  return tangledComponents(graph)
    .map((component) => {
      const files = component.sort()
      const [first] = files
      const circle = first === undefined ? [] : shortestCircle(graph, first, new Set(files))
      return { circle, files }
    })
    .sort((a, b) => (a.files[0] ?? '').localeCompare(b.files[0] ?? ''))
}
