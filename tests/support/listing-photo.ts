/**
 * A listing photo the size Zillow serves (`…-cc_ft_1536.jpg`: 1536 × 1024, a few hundred KB),
 * drawn and JPEG-encoded by Chromium's canvas, so the photo server sends a real JPEG of realistic
 * weight without a binary in the repository. Film grain keeps the encoder from squeezing it to
 * a few KB, as it would a flat drawing.
 */
import type { Page } from 'puppeteer-core'

interface Context2D {
  createImageData: (w: number, h: number) => { data: Uint8ClampedArray }
  putImageData: (image: { data: Uint8ClampedArray }, x: number, y: number) => void
  fillText: (text: string, x: number, y: number) => void
  fillStyle: string
  font: string
}
interface Canvas {
  width: number
  height: number
  getContext: (kind: '2d') => Context2D
  toDataURL: (type: string, quality: number) => string
}
declare const document: { createElement: (tag: 'canvas') => Canvas }

export const PHOTO_WIDTH = 1536
export const PHOTO_HEIGHT = 1024

/**
 * Renders the photo in `page` (any page; nothing is added to its document) and answers it.
 * `caption`: the words painted in its corner, saying it is a test photo; null paints none (the
 * site's product screenshots, where the photo is only the listing's picture).
 */
export async function renderListingPhoto(
  page: Page,
  { caption = 'ListingBridge test photo' }: { caption?: string | null } = {},
): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    (width, height, label) => {
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const context = canvas.getContext('2d')
      const image = context.createImageData(width, height)
      const { data } = image
      // A small deterministic generator (inline: no nested functions, which tsx would wrap in
      // a helper the page does not have): every run makes the same bytes.
      let seed = 0x2f6b1d3
      const grain = new Int8Array(4096)
      for (let i = 0; i < grain.length; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff
        grain[i] = (seed % 29) - 14
      }
      const horizon = Math.round(height * 0.68)
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          let r: number
          let g: number
          let b: number
          const inHouse = x > width * 0.28 && x < width * 0.72 && y > height * 0.38 && y < horizon
          const roofTop = height * 0.18
          const roofWidth = ((y - roofTop) / (height * 0.2)) * width * 0.25
          const inRoof = y >= roofTop && y <= height * 0.38 && Math.abs(x - width / 2) < roofWidth
          const inWindow =
            inHouse &&
            (Math.abs(x - width * 0.4) < width * 0.05 ||
              Math.abs(x - width * 0.6) < width * 0.05) &&
            y > height * 0.45 &&
            y < height * 0.55
          if (inWindow) [r, g, b] = [70, 110, 150]
          else if (inHouse) [r, g, b] = [226, 210, 182]
          else if (inRoof) [r, g, b] = [120, 60, 48]
          else if (y < horizon)
            [r, g, b] = [110 + (y / horizon) * 90, 160 + (y / horizon) * 60, 235]
          else [r, g, b] = [70, 128 + ((y - horizon) / height) * 80, 60]
          const i = (y * width + x) * 4
          const n = (y * 7919 + x * 31) & 4095
          data[i] = r + (grain[n] ?? 0)
          data[i + 1] = g + (grain[(n + 1031) & 4095] ?? 0)
          data[i + 2] = b + (grain[(n + 2053) & 4095] ?? 0)
          data[i + 3] = 255
        }
      }
      context.putImageData(image, 0, 0)
      if (label !== null) {
        context.fillStyle = '#ffffff'
        context.font = 'bold 56px sans-serif'
        context.fillText(label, 48, height - 56)
      }
      return canvas.toDataURL('image/jpeg', 0.82)
    },
    PHOTO_WIDTH,
    PHOTO_HEIGHT,
    caption,
  )
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1)
  return Buffer.from(base64, 'base64')
}
