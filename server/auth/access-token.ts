import { createHmac, timingSafeEqual } from 'node:crypto'
import { SignJWT } from 'jose'
import type { Clock } from '../clock.ts'

/** DESIGN §3: HS256 JWT, 15 minutes, `sub` = user id. */
export const ACCESS_TOKEN_SECONDS = 15 * 60
const ISSUER = 'listingbridge'
const EXPECTED_HEADER = { alg: 'HS256', typ: 'JWT' }

/**
 * Whose token it is and the account's session generation when it was issued (`gen`): ending every
 * session raises the generation, and authenticate.ts refuses tokens of an older one.
 */
export interface AccessClaims {
  userId: string
  generation: number
}

export async function signAccessToken(
  claims: AccessClaims,
  secret: Uint8Array,
  clock: Clock,
): Promise<string> {
  const now = Math.floor(clock().getTime() / 1000)
  return new SignJWT({ gen: claims.generation })
    .setProtectedHeader(EXPECTED_HEADER)
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
    .sign(secret)
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
  } catch {
    return null
  }
}

/**
 * The token's claims, or null for any token that is not ours, altered or expired.
 *
 * Verified with node:crypto's synchronous HMAC rather than jose: jose goes through WebCrypto,
 * about 115 µs a check here against 3 µs, and every authenticated request pays it
 * (docs/decisions.md). Tests check that jose-signed tokens verify and altered ones do not.
 */
export function verifyAccessToken(
  token: string,
  secret: Uint8Array,
  clock: Clock,
): AccessClaims | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts
  const expected = createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest()
  const given = Buffer.from(signaturePart, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null

  // Only after the signature holds: the header must say exactly HS256 (no "none", no RS/HS confusion).
  const header = decodeJson(headerPart) as { alg?: unknown; crit?: unknown } | null
  if (header?.alg !== 'HS256' || header.crit !== undefined) return null
  const payload = decodeJson(payloadPart) as {
    sub?: unknown
    iss?: unknown
    exp?: unknown
    gen?: unknown
  } | null
  if (!payload || payload.iss !== ISSUER || typeof payload.sub !== 'string') return null
  if (typeof payload.exp !== 'number' || payload.exp <= Math.floor(clock().getTime() / 1000))
    return null
  // Tokens signed before generations existed carry none: they belong to the first, 0.
  const generation = payload.gen ?? 0
  if (typeof generation !== 'number' || !Number.isSafeInteger(generation)) return null
  return { userId: payload.sub, generation }
}
