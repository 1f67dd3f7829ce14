import type { FastifyRequest } from 'fastify'
import type { AppContext } from '../app-context.ts'
import { AppError } from '../http/app-error.ts'
import { startPasswordAttempt } from './password-attempts.ts'
import { verifyPassword } from './passwords.ts'

export const WRONG_PASSWORD_MESSAGE = 'The password you entered is not correct.'

/**
 * A signed-in agent re-entering their password before a change that needs it (e-mail, password,
 * deletion). The attempts count against login's limits (password-attempts.ts): a stolen session
 * must not become a way to guess the password faster than login allows.
 * A wrong password is a 400 on `field` (not a 401, which would end the session in the client).
 */
export async function confirmPassword(
  ctx: AppContext,
  request: FastifyRequest,
  account: { email: string; password_hash: string },
  password: string,
  field: string,
): Promise<void> {
  const attempt = await startPasswordAttempt(ctx, request.ip, account.email)
  if (!(await verifyPassword(account.password_hash, password))) {
    throw new AppError(400, WRONG_PASSWORD_MESSAGE, { [field]: WRONG_PASSWORD_MESSAGE })
  }
  await attempt.passwordWasRight()
}
