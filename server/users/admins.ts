import { NOT_AN_OPERATOR_MESSAGE } from '../../api/schemas/fill-reports.ts'
import type { AppContext } from '../app-context.ts'
import type { Config } from '../config.ts'
import { AppError } from '../http/app-error.ts'

/** Operators are the accounts whose e-mail ADMIN_EMAILS lists, in any case. */
export function isAdminEmail(config: Pick<Config, 'adminEmails'>, email: string): boolean {
  return config.adminEmails.includes(email.toLowerCase())
}

/** Stops the request unless the caller is an operator: 403, or 401 for a deleted account. */
export async function requireAdmin(ctx: AppContext, userId: string): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) throw new AppError(401, 'Your session has expired. Please log in again.')
  if (!isAdminEmail(ctx.config, user.email)) throw new AppError(403, NOT_AN_OPERATOR_MESSAGE)
}
