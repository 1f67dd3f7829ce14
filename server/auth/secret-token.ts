import { createHash, randomBytes } from 'node:crypto'

/** 256 random bits, URL-safe: refresh, verification and reset tokens. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Only this hash is stored, so a leaked database holds no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
