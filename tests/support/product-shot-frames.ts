/**
 * Frames for the product screenshots: the raw screenshots of the real pages, placed as a person
 * sees them. Every shot is a browser window (a plain toolbar with the page's address and the
 * extension's icon) whose body is built from layers: the tab's screenshot, the popup where Chrome
 * hangs it from the icon, or a close-up (parts of the screen enlarged as cards over the dimmed
 * page). Chromium draws the frame from HTML (product-shots.ts), so every scale is sharp.
 */
import { PRODUCT_SHOT_FRAME } from '../../site/content/product-shots.ts'

/** The toolbar's height in CSS pixels: the body fills the rest of the frame. */
export const FRAME_TOOLBAR_HEIGHT = 44
export const FRAME_BODY = {
  width: PRODUCT_SHOT_FRAME.width,
  height: PRODUCT_SHOT_FRAME.height - FRAME_TOOLBAR_HEIGHT,
} as const

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

/** A shot's HTML, drawn by Chromium at the frame's size. */
export interface Shot {
  html: string
}

/** A raw screenshot and its size in CSS pixels. */
export interface Capture {
  png: Buffer
  width: number
  height: number
}

/** Chrome opens a popup just below the toolbar, its right edge near the window's. */
const POPUP_GAP = 4
const POPUP_RIGHT = 8

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  )

const STYLE = `
html, body { margin: 0; width: ${PRODUCT_SHOT_FRAME.width}px; height: ${PRODUCT_SHOT_FRAME.height}px; overflow: hidden; }
body { background: #fff; font: 13px/1.2 system-ui, sans-serif; }
img { display: block; }
.bar {
  box-sizing: border-box; height: ${FRAME_TOOLBAR_HEIGHT}px; display: flex; align-items: center;
  gap: 8px; padding: 0 10px; background: #f1f3f4; border-bottom: 1px solid #dadce0;
}
.address {
  flex: 1; min-width: 0; height: 30px; display: flex; align-items: center; gap: 8px;
  padding: 0 12px; border-radius: 15px; background: #fff; white-space: nowrap;
}
.address span { overflow: hidden; text-overflow: ellipsis; color: #5f6368; }
.address b { font-weight: 400; color: #202124; }
.extension { flex: none; width: 30px; height: 30px; display: grid; place-items: center; border-radius: 50%; }
.extension.open { background: #d3e3fd; }
.extension img { width: 18px; height: 18px; }
.body { position: relative; overflow: hidden; width: ${FRAME_BODY.width}px; height: ${FRAME_BODY.height}px; }
.page { width: ${FRAME_BODY.width}px; height: ${FRAME_BODY.height}px; }
.backdrop {
  position: absolute; inset: -12px; width: ${FRAME_BODY.width + 24}px; height: ${FRAME_BODY.height + 24}px;
  object-fit: cover; object-position: top left; filter: blur(5px) saturate(0.8);
}
.veil { position: absolute; inset: 0; background: rgb(239 246 255 / 0.7); }
.layer { position: absolute; overflow: hidden; background: #fff; }
.popup { border-radius: 8px; box-shadow: 0 0 0 1px rgb(0 0 0 / 0.08), 0 8px 28px rgb(0 0 0 / 0.28); }
.card { border-radius: 12px; box-shadow: 0 0 0 1px rgb(15 23 42 / 0.08), 0 14px 36px rgb(15 23 42 / 0.22); }
`

/** The padlock Chrome shows before a secure address. */
const LOCK_ICON = `<svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true"
  fill="none" stroke="#5f6368" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round">
  <rect x="5" y="11" width="14" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/></svg>`

/** The address as Chrome's toolbar shows it: no scheme, no `www.`. */
function shownAddress(url: string): { host: string; rest: string } {
  const { hostname, pathname, search } = new URL(url)
  return { host: hostname.replace(/^www\./, ''), rest: `${pathname}${search}` }
}

/**
 * A browser window on `url` with `layers` (from the functions below) as its body; `popupOpen`
 * shows the extension's toolbar button pressed.
 */
export function windowFrame({
  url,
  icon,
  popupOpen = false,
  layers,
}: {
  url: string
  /** The extension's toolbar icon (a PNG). */
  icon: Buffer
  popupOpen?: boolean
  layers: string[]
}): Shot {
  const address = shownAddress(url)
  const html = `<!doctype html><meta charset="utf-8"><style>${STYLE}</style>
<div class="bar">
  <div class="address">${LOCK_ICON}<span><b>${escapeHtml(address.host)}</b>${escapeHtml(address.rest)}</span></div>
  <div class="extension${popupOpen ? ' open' : ''}"><img src="${dataUrl(icon)}" alt=""></div>
</div>
<div class="body">${layers.join('\n')}</div>`
  return { html }
}

/** The tab's screenshot, the size of the body. */
export function pageLayer(png: Buffer): string {
  return `<img class="page" src="${dataUrl(png)}" alt="">`
}

/** The tab's screenshot blurred and dimmed, behind close-up cards. */
export function backdropLayer(png: Buffer): string {
  return `<img class="backdrop" src="${dataUrl(png)}" alt=""><div class="veil"></div>`
}

/** The popup, hanging from the toolbar at its own size; cut where the window ends. */
export function popupLayer(popup: Capture): string {
  const height = Math.min(popup.height, FRAME_BODY.height - POPUP_GAP)
  return `<div class="layer popup" style="top: ${POPUP_GAP}px; right: ${POPUP_RIGHT}px; width: ${popup.width}px; height: ${height}px">
  <img src="${dataUrl(popup.png)}" width="${popup.width}" height="${popup.height}" alt=""></div>`
}

/**
 * Part of the screen as a card at `zoom`, its top-left corner at `x`, `y` in the body; `padTop`
 * adds white above it (for a crop that starts at a line of text).
 */
export function cardLayer(
  capture: Capture,
  { x, y, zoom, padTop = 0 }: { x: number; y: number; zoom: number; padTop?: number },
) {
  const width = Math.round(capture.width * zoom)
  const height = Math.round(capture.height * zoom)
  return `<div class="layer card" style="left: ${x}px; top: ${y}px; width: ${width}px; height: ${height + padTop}px; padding-top: ${padTop}px; box-sizing: border-box">
  <img src="${dataUrl(capture.png)}" width="${width}" height="${height}" alt=""></div>`
}

/** The zoom at which `capture` fits the body with `margin` around it, at most `max`. */
export function fitZoom(capture: Capture, margin: number, max: number): number {
  return Math.min(
    max,
    (FRAME_BODY.width - 2 * margin) / capture.width,
    (FRAME_BODY.height - 2 * margin) / capture.height,
  )
}
