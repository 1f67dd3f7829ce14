import { routes } from '../../api/routes.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { openCrmSender } from './crm-delivery.ts'
import { crmExportLeads, leadsText } from './crm-export-leads.ts'
import {
  FOLLOW_UP_BOSS_SYSTEM,
  followUpBossAuthorization,
  followUpBossEvent,
} from './follow-up-boss.ts'

/** Leads read from the database at a time; each is still one Follow Up Boss call. */
export const FOLLOW_UP_BOSS_BATCH_SIZE = 100

/**
 * Leads in a row that Follow Up Boss did not take (after their retries) before the export stops:
 * it is down or refusing, and every later lead would cost its retries too.
 */
export const FOLLOW_UP_BOSS_STOP_AFTER_FAILURES = 3

/**
 * POST /leads/export-follow-up-boss: the given leads (or every one of the caller's, read
 * FOLLOW_UP_BOSS_BATCH_SIZE at a time) to Follow Up Boss, one "Seller Inquiry" event each,
 * synchronously with bounded retries and every attempt logged. A lead Follow Up Boss does not take
 * is counted as failed and the export goes on, unless several in a row fail: then the rest are
 * not tried (and counted as failed). Do-not-call leads never leave.
 */
export default defineRoute(
  routes.exportLeadsFollowUpBoss,
  async ({ body, userId, request }, ctx) => {
    const account = await ctx.db
      .selectFrom('follow_up_boss_accounts')
      .select('api_key')
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (!account) {
      throw new AppError(400, 'Connect Follow Up Boss with your API key first, then export again.')
    }
    const selection = await crmExportLeads(ctx, userId, body.lead_ids)
    const url = `${ctx.config.crm.followUpBossApiUrl}/events`
    let sent = 0
    let failed = 0
    let failedInARow = 0
    // One sender for the whole export: the leads share its checked, kept-alive connection.
    const sender = openCrmSender(ctx, request.log)
    try {
      send: for await (const leads of selection.batches(FOLLOW_UP_BOSS_BATCH_SIZE)) {
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
            failedInARow = 0
            continue
          }
          const before = sent
            ? ` ${leadsText(sent)} ${sent === 1 ? 'was' : 'were'} sent before.`
            : ''
          if (result.refused) {
            // This server's setting, not the agent's doing: stop rather than refuse every lead.
            throw new AppError(
              502,
              `Follow Up Boss cannot be reached from this server; please tell support.${before}`,
            )
          }
          if (result.lastStatus === 401 || result.lastStatus === 403) {
            throw new AppError(
              422,
              `Follow Up Boss refused your API key. Check it in Follow Up Boss (Admin → API) and save it again.${before}`,
            )
          }
          failed++
          failedInARow++
          if (failedInARow >= FOLLOW_UP_BOSS_STOP_AFTER_FAILURES) break send
        }
      }
    } finally {
      await sender.close()
    }
    const notTried = Math.max(0, selection.sendable - sent - failed)
    const stopped = failedInARow >= FOLLOW_UP_BOSS_STOP_AFTER_FAILURES && notTried > 0
    failed += stopped ? notTried : 0
    const failedNote = !failed
      ? ''
      : stopped
        ? ` Follow Up Boss stopped taking leads, so ${leadsText(failed)} ${failed === 1 ? 'was' : 'were'} not sent; try again later.`
        : ` ${failed.toLocaleString('en-US')} could not be sent; try them again later.`
    return {
      data: { sent, failed, skipped_do_not_call: selection.skipped },
      message: `${leadsText(sent)} sent to Follow Up Boss.${failedNote}${selection.skippedNote}`,
    }
  },
)
