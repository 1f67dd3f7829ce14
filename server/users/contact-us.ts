import { createHash } from 'node:crypto'
import { routes } from '../../api/routes.ts'
import { limits } from '../auth/rate-limits.ts'
import { addSeconds } from '../clock.ts'
import { newId } from '../db/ids.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { hitRateLimits } from '../http/rate-limit.ts'
import { contactMail } from '../mail/messages.ts'
import { enqueueMail } from '../mail/outbox.ts'

export const CONTACT_SENT_MESSAGE = 'Email sent successfully.'
/** The client shows exactly this for a 409 (docs/product.md#contact). */
export const CONTACT_DUPLICATE_MESSAGE = 'An email has already been sent. Please check your inbox.'
const DUPLICATE_WINDOW_SECONDS = 24 * 3600

/** Same sender, subject and message: a double submit or a retry, not a new question. */
function fingerprint(email: string, subject: string, message: string): string {
  // JSON keeps the parts apart, so no two different triples hash alike by concatenation.
  return createHash('sha256')
    .update(JSON.stringify([email.toLowerCase(), subject, message]))
    .digest('hex')
}

export default defineRoute(routes.contactUs, async ({ body, request }, ctx) => {
  await hitRateLimits(ctx, [
    [limits.contactPerIp, request.ip],
    [limits.contactPerEmail, body.email],
  ])
  const now = ctx.clock()
  const print = fingerprint(body.email, body.subject, body.message)
  const phone = body.phone || null
  const company = body.company || null
  await ctx.db.transaction().execute(async (trx) => {
    const recent = await trx
      .selectFrom('contact_messages')
      .select('id')
      .where('fingerprint', '=', print)
      .where('created_at', '>', addSeconds(now, -DUPLICATE_WINDOW_SECONDS).toISOString())
      .executeTakeFirst()
    if (recent) throw new AppError(409, CONTACT_DUPLICATE_MESSAGE)
    await trx
      .insertInto('contact_messages')
      .values({
        id: newId(),
        name: body.name,
        email: body.email,
        phone,
        company,
        subject: body.subject,
        message: body.message,
        fingerprint: print,
        created_at: now.toISOString(),
      })
      .execute()
    await enqueueMail(trx, contactMail(ctx.config.supportEmail, body), ctx.clock)
  })
  return { data: {}, message: CONTACT_SENT_MESSAGE }
})
