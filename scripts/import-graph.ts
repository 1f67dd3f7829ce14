import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/** A module's file and the files its relative imports resolve to. */
export type ImportGraph = Map<string, string[]>

const SOURCE_FILE = /\.(ts|tsx)$/
const RESOLVABLE_EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

/** Every .ts/.tsx file under `dir`, node_modules and build output left out. */
export function sourceFilesUnder(dir: string): string[] {
  const files: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) files.push(...sourceFilesUnder(full))
    else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full)
  }
  return files.sort()
}

/**
 * The relative specifiers a file imports: `import … from`, `export … from`, side-effect
 * `import '…'` and dynamic `import('…')`. Type-only imports count too: they load nothing at run
 * time, but a circle of types is still two modules that cannot be understood (or moved) apart,
 * and one edited import turns it into a runtime circle.
 */
export function relativeImportsOf(fileName: string, text: string): string[] {
  const specifiers: string[] = []
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false)
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text)
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      specifiers.push(node.argument.literal.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return specifiers.filter((specifier) => specifier.startsWith('.'))
}

/** The .ts/.tsx file a relative specifier names, or undefined (a stylesheet, an image, JSON). */
export function resolveImport(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier.replace(/\?.*$/, ''))
  for (const extension of RESOLVABLE_EXTENSIONS) {
    const candidate = base + extension
    if (SOURCE_FILE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) {
      return candidate
    }
  }
  return undefined
}

/** The import graph of the given files and of every file they reach through relative imports. */
export function importGraph(entryFiles: string[]): ImportGraph {
  const graph: ImportGraph = new Map()
  const pending = [...entryFiles]
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (graph.has(file)) continue
    const imports = relativeImportsOf(file, readFileSync(file, 'utf8'))
      .map((specifier) => resolveImport(file, specifier))
      .filter((resolved) => resolved !== undefined)
    graph.set(file, [...new Set(imports)])
    pending.push(...imports)
  }
  return graph
}
