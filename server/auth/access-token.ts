import { createHmac, timingSafeEqual } from 'node:crypto'
import { SignJWT } from 'jose'
import type { Clock } from '../clock.ts'

/** HS256 JWT, 15 minutes, `sub` = user id (docs/product.md#sessions). */
export const ACCESS_TOKEN_SECONDS = 15 * 60
const ISSUER = 'listingbridge'
const EXPECTED_HEADER = { alg: 'HS256', typ: 'JWT' }

/**
 * Whose token it is, the account's session generation when it was issued (`gen`) and the session
 * it belongs to (`sid`, its refresh-token family). Ending every session raises the generation;
 * logging out ends one family; authenticate.ts refuses a token of either at once.
 */
export interface AccessClaims {
  userId: string
  generation: number
  sessionId: string
}

export async function signAccessToken(
  claims: AccessClaims,
  secret: Uint8Array,
  clock: Clock,
): Promise<string> {
  const now = Math.floor(clock().getTime() / 1000)
  return new SignJWT({ gen: claims.generation, sid: claims.sessionId })
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

/** A token whose signature and claims held: who and until when (seconds since the epoch). */
interface VerifiedToken {
  claims: AccessClaims
  expiresAt: number
}

/**
 * Tokens already verified, per secret, so a session's later requests skip the HMAC and the JSON
 * decoding (about 11 µs of a ~70 µs GET /users/me under load,
 * docs/operations.md#where-usersme-spends-its-time). Only tokens whose signature held get in, so
 * a forged token cannot fill it; the expiry is still compared on every use and the session's
 * generation is still read from the database (authenticate.ts). Bounded: past the limit the
 * oldest entry goes.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, VerifiedToken>>()
const VERIFIED_TOKENS_KEPT = 10_000

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
  const now = Math.floor(clock().getTime() / 1000)
  let verified = verifiedTokens.get(secret)
  const known = verified?.get(token)
  if (known) {
    if (known.expiresAt > now) return known.claims
    verified?.delete(token)
    return null
  }
  const checked = checkSignedToken(token, secret)
  if (!checked || checked.expiresAt <= now) return null
  if (!verified) {
    verified = new Map()
    verifiedTokens.set(secret, verified)
  }
  if (verified.size >= VERIFIED_TOKENS_KEPT) {
    const oldest = verified.keys().next().value
    if (oldest !== undefined) verified.delete(oldest)
  }
  verified.set(token, checked)
  return checked.claims
}

/** Signature, header and claims checked, the expiry read but not compared. */
function checkSignedToken(token: string, secret: Uint8Array): VerifiedToken | null {
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
    sid?: unknown
  } | null
  if (!payload || payload.iss !== ISSUER || typeof payload.sub !== 'string') return null
  if (typeof payload.exp !== 'number') return null
  const { gen: generation, sid: sessionId } = payload
  if (typeof generation !== 'number' || !Number.isSafeInteger(generation)) return null
  // A token from before sessions were named is refused: the client refreshes and gets one.
  if (typeof sessionId !== 'string' || sessionId === '') return null
  return {
    claims: Object.freeze({ userId: payload.sub, generation, sessionId }),
    expiresAt: payload.exp,
  }
}
