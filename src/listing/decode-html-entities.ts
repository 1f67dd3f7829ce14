/**
 * Decodes HTML character references in text that came from JSON or attributes (MLS remarks often
 * arrive as `&amp;`, `&#39;`, `&rsquo;`). Pure string work: scraped text is never handed to an
 * HTML parser, so it cannot create elements or lose text that merely looks like a tag.
 *
 * Numeric references follow the HTML rules (Windows-1252 remapping for 128–159, U+FFFD for
 * invalid code points); named references cover Latin-1 and the typographic ones real listings use.
 * Unknown names are left as written.
 */

const LATIN1_NAMES = (
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn ' +
  'sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave ' +
  'Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ' +
  'ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN ' +
  'szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute ' +
  'icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml ' +
  'yacute thorn yuml'
).split(' ')

const OTHER_NAMES: Record<string, number> = {
  amp: 38,
  lt: 60,
  gt: 62,
  quot: 34,
  apos: 39,
  OElig: 338,
  oelig: 339,
  Scaron: 352,
  scaron: 353,
  Yuml: 376,
  fnof: 402,
  circ: 710,
  tilde: 732,
  ensp: 8194,
  emsp: 8195,
  thinsp: 8201,
  zwnj: 8204,
  zwj: 8205,
  lrm: 8206,
  rlm: 8207,
  ndash: 8211,
  mdash: 8212,
  lsquo: 8216,
  rsquo: 8217,
  sbquo: 8218,
  ldquo: 8220,
  rdquo: 8221,
  bdquo: 8222,
  dagger: 8224,
  Dagger: 8225,
  bull: 8226,
  hellip: 8230,
  permil: 8240,
  prime: 8242,
  Prime: 8243,
  lsaquo: 8249,
  rsaquo: 8250,
  euro: 8364,
  trade: 8482,
  larr: 8592,
  uarr: 8593,
  rarr: 8594,
  darr: 8595,
  harr: 8596,
  minus: 8722,
  infin: 8734,
  asymp: 8776,
  ne: 8800,
  le: 8804,
  ge: 8805,
  star: 9734,
  starf: 9733,
  check: 10003,
  hearts: 9829,
}

const NAMED = new Map<string, string>()
LATIN1_NAMES.forEach((name, index) => NAMED.set(name, String.fromCodePoint(160 + index)))
for (const [name, codePoint] of Object.entries(OTHER_NAMES)) {
  NAMED.set(name, String.fromCodePoint(codePoint))
}

/** HTML's remapping of the C1 range to what Windows-1252 meant by those bytes. */
const WINDOWS_1252: Record<number, number> = {
  0x80: 0x20ac,
  0x82: 0x201a,
  0x83: 0x0192,
  0x84: 0x201e,
  0x85: 0x2026,
  0x86: 0x2020,
  0x87: 0x2021,
  0x88: 0x02c6,
  0x89: 0x2030,
  0x8a: 0x0160,
  0x8b: 0x2039,
  0x8c: 0x0152,
  0x8e: 0x017d,
  0x91: 0x2018,
  0x92: 0x2019,
  0x93: 0x201c,
  0x94: 0x201d,
  0x95: 0x2022,
  0x96: 0x2013,
  0x97: 0x2014,
  0x98: 0x02dc,
  0x99: 0x2122,
  0x9a: 0x0161,
  0x9b: 0x203a,
  0x9c: 0x0153,
  0x9e: 0x017e,
  0x9f: 0x0178,
}

function fromNumericReference(codePoint: number): string {
  if (codePoint === 0 || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) {
    return '\uFFFD'
  }
  return String.fromCodePoint(WINDOWS_1252[codePoint] ?? codePoint)
}

const REFERENCE = /&(?:#(\d{1,8});?|#[xX]([0-9a-fA-F]{1,7});?|([A-Za-z][A-Za-z0-9]{1,31});)/g

export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(
    REFERENCE,
    (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (decimal !== undefined) return fromNumericReference(Number.parseInt(decimal, 10))
      if (hex !== undefined) return fromNumericReference(Number.parseInt(hex, 16))
      return (name !== undefined ? NAMED.get(name) : undefined) ?? whole
    },
  )
}
