/** Test helpers: a page as the extension sees it. */
export function parseHtml(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html')
}
