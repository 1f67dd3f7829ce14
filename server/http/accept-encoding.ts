/** The content codings the build writes beside each text file (scripts/compress-site.ts). */
export type ContentCoding = 'br' | 'gzip'

/** Ours, best first: at equal weight Brotli wins, being the smaller. */
const OUR_ORDER: readonly ContentCoding[] = ['br', 'gzip']

/** A q-value (RFC 9110, section 12.4.2): 0 to 1, at most three decimals; anything else is not one. */
function qValue(params: string[]): number | undefined {
  const q = params.find((p) => /^q\s*=/i.test(p.trim()))
  if (q === undefined) return 1
  const text = q.slice(q.indexOf('=') + 1).trim()
  if (!/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(text)) return undefined
  return Number(text)
}

/**
 * The codings of ours an `Accept-Encoding` header takes, best first: by the client's weights,
 * then by ours. `*` stands for every coding the header does not name; `q=0` refuses one. A coding
 * the client weighs below an explicit `identity` is left out: it asked for the plain file first.
 * No header means no coding (RFC 9110 allows any, but plain is what every client reads).
 */
export function acceptedCodings(header: string | undefined): ContentCoding[] {
  if (!header) return []
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.split(';')
    const name = token.trim().toLowerCase()
    const q = qValue(params)
    if (!name || q === undefined) continue
    const coding = name === 'x-gzip' ? 'gzip' : name
    // Named twice: the first says it (a client that repeats itself is not asking for more).
    if (!weights.has(coding)) weights.set(coding, q)
  }
  const star = weights.get('*')
  const identity = weights.get('identity')
  const weighed = OUR_ORDER.map((coding) => ({ coding, q: weights.get(coding) ?? star ?? 0 }))
  return weighed
    .filter(({ q }) => q > 0 && (identity === undefined || q >= identity))
    .sort((a, b) => b.q - a.q)
    .map(({ coding }) => coding)
}
