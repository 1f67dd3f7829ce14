// Takes the landing hero's product screenshots from the real extension (the browser tests' own
// tooling: tests/support/product-shots.ts) and writes them into site/public/product/, where the
// hero (site/content/product-shots.ts) expects them. Run after a UI change, then commit the files:
//   npm run build && npm run product-shots [OUT_DIR]
// It needs the build (the server serves dist/site; the extension is built for its own server).
import path from 'node:path'
import { captureProductShots } from '../tests/support/product-shots.ts'
import { root } from '../tests/support/paths.ts'

const outDir = path.resolve(process.argv[2] ?? path.join(root, 'site', 'public', 'product'))
const run = await captureProductShots(outDir)
for (const files of Object.values(run.files)) {
  for (const file of files) {
    const kb = (file.bytes / 1024).toFixed(1)
    console.log(`${path.relative(root, file.path)}  ${file.width}×${file.height}  ${kb} KB`)
  }
}
