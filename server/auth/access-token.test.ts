import { SignJWT, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import { createTestClock } from '../testing/test-app.ts'
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessToken } from './access-token.ts'

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hs256')
const clock = createTestClock()
const now = () => Math.floor(clock().getTime() / 1000)

function sign(claims: { sub?: string; iss?: string; exp?: number }, alg = 'HS256', key = secret) {
  let jwt = new SignJWT({}).setProtectedHeader({ alg })
  if (claims.sub !== undefined) jwt = jwt.setSubject(claims.sub)
  if (claims.iss !== undefined) jwt = jwt.setIssuer(claims.iss)
  if (claims.exp !== undefined) jwt = jwt.setExpirationTime(claims.exp)
  return jwt.sign(key)
}

describe('access tokens', () => {
  it('what we sign is a standard HS256 JWT that jose verifies, and we verify it back', async () => {
    const token = await signAccessToken({ userId: 'user-1', generation: 0 }, secret, clock)
    const { payload } = await jwtVerify(token, secret, { currentDate: clock() })
    expect(payload.sub).toBe('user-1')
    expect(verifyAccessToken(token, secret, clock)).toEqual({ userId: 'user-1', generation: 0 })
  })

  it('carries the session generation; a token without one is of generation 0', async () => {
    const token = await signAccessToken({ userId: 'user-1', generation: 3 }, secret, clock)
    const { payload } = await jwtVerify(token, secret, { currentDate: clock() })
    expect(payload.gen).toBe(3)
    expect(verifyAccessToken(token, secret, clock)).toEqual({ userId: 'user-1', generation: 3 })

    const older = await sign({ sub: 'u', iss: 'listingbridge', exp: now() + 60 })
    expect(verifyAccessToken(older, secret, clock)).toEqual({ userId: 'u', generation: 0 })
    const odd = await new SignJWT({ gen: '3' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setIssuer('listingbridge')
      .setExpirationTime(now() + 60)
      .sign(secret)
    expect(verifyAccessToken(odd, secret, clock)).toBeNull()
  })

  it('expires after 15 minutes', async () => {
    const token = await signAccessToken({ userId: 'user-1', generation: 0 }, secret, clock)
    const later = createTestClock(new Date(clock().getTime() + ACCESS_TOKEN_SECONDS * 1000))
    expect(verifyAccessToken(token, secret, later)).toBeNull()
    const justBefore = createTestClock(
      new Date(clock().getTime() + (ACCESS_TOKEN_SECONDS - 1) * 1000),
    )
    expect(verifyAccessToken(token, secret, justBefore)?.userId).toBe('user-1')
  })

  it('refuses a token signed with another key, altered, or of another issuer', async () => {
    const other = await sign(
      { sub: 'u', iss: 'listingbridge', exp: now() + 60 },
      'HS256',
      new TextEncoder().encode('another-secret-another-secret-another'),
    )
    expect(verifyAccessToken(other, secret, clock)).toBeNull()

    const good = await sign({ sub: 'u', iss: 'listingbridge', exp: now() + 60 })
    const [h, , s] = good.split('.')
    const forgedPayload = Buffer.from(
      JSON.stringify({ sub: 'admin', iss: 'listingbridge', exp: now() + 60 }),
    ).toString('base64url')
    expect(verifyAccessToken(`${h}.${forgedPayload}.${s}`, secret, clock)).toBeNull()

    expect(
      verifyAccessToken(await sign({ sub: 'u', iss: 'someone', exp: now() + 60 }), secret, clock),
    ).toBeNull()
    expect(
      verifyAccessToken(await sign({ sub: 'u', iss: 'listingbridge' }), secret, clock),
    ).toBeNull()
  })

  it('refuses alg none, other algorithms, and garbage', async () => {
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'u', iss: 'listingbridge', exp: now() + 60 })).toString('base64url')}.`
    expect(verifyAccessToken(none, secret, clock)).toBeNull()
    expect(
      verifyAccessToken(
        await sign({ sub: 'u', iss: 'listingbridge', exp: now() + 60 }, 'HS512'),
        secret,
        clock,
      ),
    ).toBeNull()
    for (const junk of ['', 'a', 'a.b', 'a.b.c', '...', 'x'.repeat(5000)]) {
      expect(verifyAccessToken(junk, secret, clock)).toBeNull()
    }
  })

  it('remembers a verified token only for its secret and only until it expires', async () => {
    const token = await signAccessToken({ userId: 'user-1', generation: 2 }, secret, clock)
    expect(verifyAccessToken(token, secret, clock)).toEqual({ userId: 'user-1', generation: 2 })
    // Verified once: the same token is not accepted under another key.
    const otherSecret = new TextEncoder().encode('another-secret-another-secret-another')
    expect(verifyAccessToken(token, otherSecret, clock)).toBeNull()
    // Nor after its expiry, though it was verified before.
    const later = createTestClock(new Date(clock().getTime() + ACCESS_TOKEN_SECONDS * 1000))
    expect(verifyAccessToken(token, secret, later)).toBeNull()
  })
})
