/**
 * A plain stylesheet for the Zillow fixture page in the product screenshots. The fixture keeps
 * the listing's markup and data but none of Zillow's stylesheet (not ours to copy), so unstyled it
 * reads as a broken page; this lays the same markup out as a simple listing page: the first photo,
 * then price, address and facts. The extension reads the page's data, not its look.
 */
export const LISTING_PAGE_LOOK = `
body { margin: 0; background: #fff; color: #2a2a33; font: 15px/1.45 system-ui, sans-serif; }
.site-header {
  display: flex; align-items: center; gap: 20px; padding: 10px 16px;
  border-bottom: 1px solid #e5e7eb;
}
.site-header a { color: #2a2a33; text-decoration: none; }
.site-header > a { font-size: 20px; font-weight: 700; }
.site-header nav { display: flex; gap: 14px; font-size: 14px; }
.media-stream { margin: 0; padding: 0; list-style: none; }
.media-stream-tile:nth-child(n + 2) { display: none; }
.media-stream img { display: block; width: 100%; aspect-ratio: 3 / 2; object-fit: cover; }
.summary-container { padding: 14px 16px 4px; }
[data-testid='price'] { display: block; font-size: 28px; font-weight: 700; }
.summary-container h1 { margin: 2px 0 6px; font-size: 16px; font-weight: 400; }
[data-testid='bed-bath-item'] { font-weight: 600; margin-right: 6px; }
main > section { padding: 0 16px; }
main > section h2 { font-size: 18px; margin: 16px 0 6px; }
`
