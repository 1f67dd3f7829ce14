import { sql, type SelectQueryBuilder } from 'kysely'
import type { Lead } from '../../api/schemas/leads.ts'
import type { AppContext } from '../app-context.ts'
import type { Database } from '../db/schema.ts'
import { AppError } from '../http/app-error.ts'
import { filterLeads, toLead } from './lead-rows.ts'

/**
 * The leads a CRM export takes: the ids given (each must be one of the caller's, else 404) or,
 * without ids, every lead of the caller's saved by the time the export started. Do-not-call leads
 * are counted and left out: they never leave for a CRM. The leads come in batches, newest first,
 * read a batch at a time (keyset paging), so "all" of a large account never sits in memory or in
 * one request to a CRM.
 */
export interface CrmExportLeads {
  /** How many leads may be sent (do-not-call left out), as counted before the first batch. */
  sendable: number
  /** Do-not-call leads left out. */
  skipped: number
  /** " 2 do-not-call leads were left out." (with its leading space), or ''. */
  skippedNote: string
  /** The sendable leads, `size` at a time. A lead marked do-not-call meanwhile is left out. */
  batches: (size: number) => AsyncGenerator<Lead[]>
}

/** "1 lead", "1,200 leads". */
export function leadsText(n: number): string {
  return `${n.toLocaleString('en-US')} lead${n === 1 ? '' : 's'}`
}

export function skippedNote(skipped: number): string {
  if (!skipped) return ''
  return ` ${skipped} do-not-call lead${skipped === 1 ? ' was' : 's were'} left out.`
}

function savedUpTo<O>(
  query: SelectQueryBuilder<Database, 'leads', O>,
  upTo: string | undefined,
): SelectQueryBuilder<Database, 'leads', O> {
  return upTo ? query.where('leads.created_at', '<=', upTo) : query
}

export async function crmExportLeads(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  leadIds: readonly string[] | undefined,
): Promise<CrmExportLeads> {
  const ids = leadIds ? [...new Set(leadIds)] : undefined
  // Leads saved while a long export of "all" runs wait for the next one, so the counts hold. A
  // selection is taken as named (another instance's clock may be a little behind).
  const upTo = ids ? undefined : ctx.clock().toISOString()
  const counts = await savedUpTo(filterLeads(ctx.db.selectFrom('leads'), userId, { ids }), upTo)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn
        .sum<number | string | null>(
          sql<number>`case when ${eb.ref('leads.status')} = 'do_not_call' then 1 else 0 end`,
        )
        .as('do_not_call'),
    ])
    .executeTakeFirstOrThrow()
  const total = Number(counts.total)
  const skipped = Number(counts.do_not_call ?? 0)
  if (ids && total !== ids.length) throw new AppError(404, 'No such lead.')

  async function* batches(size: number): AsyncGenerator<Lead[]> {
    let after: { createdAt: string; id: string } | undefined
    for (;;) {
      let query = savedUpTo(
        filterLeads(ctx.db.selectFrom('leads').selectAll(), userId, { ids }),
        upTo,
      ).where('leads.status', '!=', 'do_not_call')
      if (after) {
        const { createdAt, id } = after
        query = query.where((eb) =>
          eb.or([
            eb('leads.created_at', '<', createdAt),
            eb.and([eb('leads.created_at', '=', createdAt), eb('leads.id', '<', id)]),
          ]),
        )
      }
      const rows = await query
        .orderBy('leads.created_at', 'desc')
        .orderBy('leads.id', 'desc')
        .limit(size)
        .execute()
      if (rows.length) yield rows.map(toLead)
      const last = rows[rows.length - 1]
      if (!last || rows.length < size) return
      after = { createdAt: last.created_at, id: last.id }
    }
  }

  return { sendable: total - skipped, skipped, skippedNote: skippedNote(skipped), batches }
}
