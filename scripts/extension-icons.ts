// Draws the extension's icons (the site's favicon: a white house on a blue rounded square) at
// 16, 32, 48 and 128 px into src/assets/icons/. Run after changing the drawing:
//   npx tsx scripts/extension-icons.ts
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { encodePng } from './png.ts'

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/assets/icons')
const SIZES = [16, 32, 48, 128] as const
/** The drawing lives on a 32 × 32 grid, like site/public/favicon.svg. */
const GRID = 32
const BLUE = [0x1d, 0x4e, 0xd8] as const
const WHITE = [0xff, 0xff, 0xff] as const
const HOUSE: [number, number][] = [
  [7, 17],
  [16, 9],
  [25, 17],
  [25, 25],
  [24, 26],
  [19, 26],
  [19, 20],
  [13, 20],
  [13, 26],
  [8, 26],
  [7, 25],
]

function insideRoundedSquare(x: number, y: number, radius: number): boolean {
  if (x < 0 || y < 0 || x > GRID || y > GRID) return false
  const cx = Math.min(Math.max(x, radius), GRID - radius)
  const cy = Math.min(Math.max(y, radius), GRID - radius)
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2
}

function insidePolygon(x: number, y: number, points: [number, number][]): boolean {
  let inside = false
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i] as [number, number]
    const [xj, yj] = points[j] as [number, number]
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

/** Each pixel is sampled 8 × 8 times for smooth edges. */
function draw(size: number): Buffer {
  const samples = 8
  const pixels = new Uint8Array(size * size * 4)
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let square = 0
      let house = 0
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) / size) * GRID
          const y = ((py + (sy + 0.5) / samples) / size) * GRID
          if (!insideRoundedSquare(x, y, 7)) continue
          square++
          if (insidePolygon(x, y, HOUSE)) house++
        }
      }
      const total = samples * samples
      const offset = (py * size + px) * 4
      const houseShare = square === 0 ? 0 : house / square
      for (let c = 0; c < 3; c++) {
        pixels[offset + c] = Math.round(
          (BLUE[c] as number) * (1 - houseShare) + (WHITE[c] as number) * houseShare,
        )
      }
      pixels[offset + 3] = Math.round((square / total) * 255)
    }
  }
  return encodePng(size, size, pixels)
}

mkdirSync(outDir, { recursive: true })
for (const size of SIZES) {
  const file = path.join(outDir, `icon-${size}.png`)
  writeFileSync(file, draw(size))
  console.log(path.relative(process.cwd(), file))
}
