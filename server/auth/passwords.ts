import { createRequire } from 'node:module'
import { hash, verify, type Options } from '@node-rs/argon2'
import { AppError } from '../http/app-error.ts'

// The list ships as CommonJS without types: one `test(password)` function over the 50 000
// most common passwords of breach corpora, kept by Mozilla for Firefox Accounts.
const commonPasswords = createRequire(import.meta.url)('fxa-common-password-list') as {
  test: (password: string) => boolean
}

/** argon2id, m = 19 MiB, t = 2, p = 1 (docs/architecture.md#security). */
// 2 is Algorithm.Argon2id; the package exports it as an ambient const enum, which
// verbatimModuleSyntax cannot import.
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
const ARGON2: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined
/**
 * For unknown e-mails login still verifies against this hash, so it takes as long as a wrong
 * password and the timing does not tell which accounts exist.
 */
export function verifyAgainstDummy(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('dummy password that no account has')
  return dummyHash.then((h) => verifyPassword(h, password))
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a different one.'

export function isCommonPassword(password: string): boolean {
  return commonPasswords.test(password) || commonPasswords.test(password.toLowerCase())
}

/**
 * The rule for every new password beyond its length (which the schema checks): not one of the
 * common ones. 400 with the message on `field`, the form's name for it.
 */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new AppError(400, COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE })
  }
}
