import { routes } from '../../api/routes.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { openCrmSender } from './crm-delivery.ts'
import {
  FOLLOW_UP_BOSS_SYSTEM,
  followUpBossAuthorization,
  followUpBossEvent,
} from './follow-up-boss.ts'
import { filterLeads, toLead } from './lead-rows.ts'

/** Each lead is one call with its retries, inside the request: keep a request's work bounded. */
export const FOLLOW_UP_BOSS_MAX_LEADS = 100

/**
 * POST /leads/export-follow-up-boss: the given leads (or all the caller's) to Follow Up Boss, one
 * "Seller Inquiry" event each, synchronously with bounded retries and every attempt logged.
 * Do-not-call leads never leave.
 */
export default defineRoute(routes.exportLeadsFollowUpBoss, async ({ body, userId }, ctx) => {
  const account = await ctx.db
    .selectFrom('follow_up_boss_accounts')
    .select('api_key')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!account) {
    throw new AppError(400, 'Connect Follow Up Boss with your API key first, then export again.')
  }
  const ids = body.lead_ids ? [...new Set(body.lead_ids)] : undefined
  const rows = await filterLeads(ctx.db.selectFrom('leads').selectAll(), userId, { ids })
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  if (ids && rows.length !== ids.length) throw new AppError(404, 'No such lead.')
  const leads = rows.filter((r) => r.status !== 'do_not_call').map(toLead)
  const skipped = rows.length - leads.length
  if (leads.length > FOLLOW_UP_BOSS_MAX_LEADS) {
    throw new AppError(
      400,
      `Select at most ${FOLLOW_UP_BOSS_MAX_LEADS} leads to send to Follow Up Boss at once.`,
    )
  }
  const url = `${ctx.config.crm.followUpBossApiUrl}/events`
  let sent = 0
  let failed = 0
  // One sender for the whole export: the leads share its checked, kept-alive connection.
  const sender = openCrmSender(ctx)
  try {
    for (const lead of leads) {
      const body = JSON.stringify(followUpBossEvent(lead))
      const result = await sender.deliver({
        userId,
        target: 'follow_up_boss',
        url,
        leadCount: 1,
        build: () => ({
          body,
          headers: {
            authorization: followUpBossAuthorization(account.api_key),
            'x-system': FOLLOW_UP_BOSS_SYSTEM,
          },
        }),
      })
      if (result.delivered) {
        sent++
        continue
      }
      if (result.refused) {
        // This server's setting, not the agent's doing: stop rather than refuse every lead.
        const before = sent ? ` ${sent} lead${sent === 1 ? ' was' : 's were'} sent before.` : ''
        throw new AppError(
          502,
          `Follow Up Boss cannot be reached from this server; please tell support.${before}`,
        )
      }
      if (result.lastStatus === 401 || result.lastStatus === 403) {
        throw new AppError(
          422,
          'Follow Up Boss refused your API key. Check it in Follow Up Boss (Admin → API) and save it again.',
        )
      }
      failed++
    }
  } finally {
    await sender.close()
  }
  const skippedNote = skipped
    ? ` ${skipped} do-not-call lead${skipped === 1 ? ' was' : 's were'} left out.`
    : ''
  const failedNote = failed ? ` ${failed} could not be sent; try them again later.` : ''
  return {
    data: { sent, failed, skipped_do_not_call: skipped },
    message: `${sent} lead${sent === 1 ? '' : 's'} sent to Follow Up Boss.${failedNote}${skippedNote}`,
  }
})
