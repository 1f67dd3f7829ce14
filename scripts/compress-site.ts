// Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the built site, once, at
// build, so the server sends them without compressing anything per request
// (server/http/serve-site.ts). The last step of `npm run build:site`:
//   tsx scripts/compress-site.ts [dir]   (dist/site by default)
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

/** Text the browser fetches. Source maps are left out: only developer tools read them. */
export const COMPRESSED_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
])

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** The two copies of `content`, each as small as its format makes it (done once, so no hurry). */
async function compressions(content: Buffer): Promise<{ suffix: string; data: Buffer }[]> {
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ])
  return [
    { suffix: '.br', data: br },
    { suffix: '.gz', data: gz },
  ]
}

async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile() && COMPRESSED_EXTENSIONS.has(path.extname(e.name).toLowerCase()))
    .map((e) => path.join(e.parentPath, e.name))
}

export interface CompressionReport {
  files: number
  bytes: number
  brotliBytes: number
  gzipBytes: number
}

/**
 * Compresses every text file under `dir`. A copy that would not be smaller is not written (and an
 * older one removed): the server then sends the file as it is.
 */
export async function compressSite(dir: string): Promise<CompressionReport> {
  const report: CompressionReport = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 }
  // All at once: zlib works on libuv's thread pool, so the files share its threads.
  await Promise.all(
    (await textFiles(dir)).map(async (file) => {
      const content = await readFile(file)
      report.files++
      report.bytes += content.length
      for (const { suffix, data } of await compressions(content)) {
        const smaller = data.length < content.length
        if (smaller) await writeFile(file + suffix, data)
        else await rm(file + suffix, { force: true })
        const size = smaller ? data.length : content.length
        if (suffix === '.br') report.brotliBytes += size
        else report.gzipBytes += size
      }
    }),
  )
  return report
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const dir = path.resolve(process.argv[2] ?? path.join(root, 'dist', 'site'))
  const report = await compressSite(dir)
  const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`
  console.log(
    `compress-site: ${report.files} text files, ${kb(report.bytes)} → ${kb(report.brotliBytes)} Brotli, ${kb(report.gzipBytes)} gzip`,
  )
}
