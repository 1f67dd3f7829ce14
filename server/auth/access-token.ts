import { SignJWT, jwtVerify } from 'jose'
import type { Clock } from '../clock.ts'

/** DESIGN §3: HS256 JWT, 15 minutes, `sub` = user id. */
export const ACCESS_TOKEN_SECONDS = 15 * 60
const ISSUER = 'listingbridge'

export async function signAccessToken(
  userId: string,
  secret: Uint8Array,
  clock: Clock,
): Promise<string> {
  const now = Math.floor(clock().getTime() / 1000)
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
    .sign(secret)
}

/** The user id, or null for any token that is not ours, altered or expired. */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
  clock: Clock,
): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: clock(),
    })
    return typeof payload.sub === 'string' ? payload.sub : null
  } catch {
    return null
  }
}
