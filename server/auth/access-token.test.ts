import { SignJWT, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import { createTestClock } from '../testing/test-app.ts'
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessToken } from './access-token.ts'

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hs256')
const clock = createTestClock()
const now = () => Math.floor(clock().getTime() / 1000)

/** A token of our shape (generation 0 of session s-1) unless the test says otherwise. */
function sign(
  claims: { sub?: string; iss?: string; exp?: number; gen?: unknown; sid?: unknown },
  alg = 'HS256',
  key = secret,
) {
  // Present but undefined: left out of the token.
  const gen = 'gen' in claims ? claims.gen : 0
  const sid = 'sid' in claims ? claims.sid : 's-1'
  let jwt = new SignJWT({ gen, sid }).setProtectedHeader({ alg })
  if (claims.sub !== undefined) jwt = jwt.setSubject(claims.sub)
  if (claims.iss !== undefined) jwt = jwt.setIssuer(claims.iss)
  if (claims.exp !== undefined) jwt = jwt.setExpirationTime(claims.exp)
  return jwt.sign(key)
}

describe('access tokens', () => {
  it('what we sign is a standard HS256 JWT that jose verifies, and we verify it back', async () => {
    const claims = { userId: 'user-1', generation: 0, sessionId: 'family-1' }
    const token = await signAccessToken(claims, secret, clock)
    const { payload } = await jwtVerify(token, secret, { currentDate: clock() })
    expect(payload.sub).toBe('user-1')
    expect(verifyAccessToken(token, secret, clock)).toEqual(claims)
  })

  it('carries the session generation and the session; a token without either is refused', async () => {
    const claims = { userId: 'user-1', generation: 3, sessionId: 'family-1' }
    const token = await signAccessToken(claims, secret, clock)
    const { payload } = await jwtVerify(token, secret, { currentDate: clock() })
    expect(payload).toMatchObject({ gen: 3, sid: 'family-1' })
    expect(verifyAccessToken(token, secret, clock)).toEqual(claims)

    const exp = now() + 60
    const ours = { sub: 'u', iss: 'listingbridge', exp }
    expect(verifyAccessToken(await sign(ours), secret, clock)).toEqual({
      userId: 'u',
      generation: 0,
      sessionId: 's-1',
    })
    // Signed before sessions were named (no sid), or with claims of the wrong type.
    for (const odd of [
      { sid: undefined },
      { sid: '' },
      { sid: 7 },
      { gen: undefined },
      { gen: '3' },
    ]) {
      expect(
        verifyAccessToken(await sign({ ...ours, ...odd }), secret, clock),
        JSON.stringify(odd),
      ).toBeNull()
    }
  })

  it('expires after 15 minutes', async () => {
    const claims = { userId: 'user-1', generation: 0, sessionId: 'family-1' }
    const token = await signAccessToken(claims, secret, clock)
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
    const claims = { userId: 'user-1', generation: 2, sessionId: 'family-1' }
    const token = await signAccessToken(claims, secret, clock)
    expect(verifyAccessToken(token, secret, clock)).toEqual(claims)
    // Verified once: the same token is not accepted under another key.
    const otherSecret = new TextEncoder().encode('another-secret-another-secret-another')
    expect(verifyAccessToken(token, otherSecret, clock)).toBeNull()
    // Nor after its expiry, though it was verified before.
    const later = createTestClock(new Date(clock().getTime() + ACCESS_TOKEN_SECONDS * 1000))
    expect(verifyAccessToken(token, secret, later)).toBeNull()
  })
})
