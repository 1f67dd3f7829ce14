import type { FastifyInstance, FastifyReply } from 'fastify'
import { API_PREFIX, routes } from '../../api/routes.ts'
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, type Lead } from '../../api/schemas/leads.ts'
import type { AppContext } from '../app-context.ts'
import { authenticate } from '../auth/authenticate.ts'
import type { RouteModule } from '../http/define-route.ts'
import { validationError } from '../http/define-route.ts'
import { toCsv } from './csv.ts'
import { filterLeads, toLead, type LeadFilters } from './lead-rows.ts'

export const CSV_HEADER = [
  'Owner Name',
  'Phone',
  'Email',
  'Street',
  'City',
  'State',
  'ZIP',
  'Price',
  'Beds',
  'Baths',
  'Sq Ft',
  'Days on Market',
  'Listing URL',
  'Source',
  'Status',
  'Do Not Call',
  'Notes',
  'Saved At',
]

export function leadCsvRow(lead: Lead): (string | number | null)[] {
  return [
    lead.owner_name,
    lead.phone,
    lead.email,
    lead.address.street,
    lead.address.city,
    lead.address.state,
    lead.address.zip,
    lead.price,
    lead.beds,
    lead.baths,
    lead.living_area_sqft,
    lead.days_on_market,
    lead.listing_url,
    LEAD_SOURCE_LABELS[lead.source],
    LEAD_STATUS_LABELS[lead.status],
    lead.status === 'do_not_call' ? 'Yes' : 'No',
    lead.notes,
    lead.created_at,
  ]
}

/** The caller's leads matching `filters` (and `ids`, when given), newest first, as CSV text. */
async function leadsCsv(ctx: AppContext, userId: string, filters: LeadFilters): Promise<string> {
  const ids = filters.ids ? [...new Set(filters.ids)] : undefined
  const rows = await filterLeads(ctx.db.selectFrom('leads').selectAll(), userId, {
    ...filters,
    ids,
  })
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return toCsv(CSV_HEADER, rows.map(toLead).map(leadCsvRow))
}

function sendCsv(reply: FastifyReply, ctx: AppContext, csv: string): FastifyReply {
  const day = ctx.clock().toISOString().slice(0, 10)
  return reply
    .status(200)
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="fsbo-leads-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv)
}

/**
 * GET /leads/export.csv: the caller's leads matching the filters as a CSV file, for a plain link.
 * Registered as a plain Fastify route, not through defineRoute, because its answer is a
 * `text/csv` download that a spreadsheet opens, not the JSON envelope; it still authenticates with
 * the same bearer helper, validates its query with the table's schema, and fails in the envelope
 * (the app's error handler renders the AppErrors thrown here).
 */
export const exportLeadsCsvLink: RouteModule = {
  route: routes.exportLeadsCsv,
  register(app: FastifyInstance, ctx: AppContext) {
    app.get(API_PREFIX + routes.exportLeadsCsv.path, async (request, reply) => {
      const userId = await authenticate(request, ctx)
      const parsed = routes.exportLeadsCsv.query.safeParse(request.query ?? {})
      if (!parsed.success) throw validationError(parsed.error)
      return sendCsv(reply, ctx, await leadsCsv(ctx, userId, parsed.data))
    })
  },
}

/**
 * POST /leads/export.csv: the same file for a selection (`ids`, up to maxIdsPerRequest, which do
 * not fit in a URL's query) or, without ids, for the filters in the body. What the dashboard uses.
 * Ids that are not the caller's leads are left out, not refused: the file holds what is theirs.
 */
export const exportLeadsCsvSelection: RouteModule = {
  route: routes.exportLeadsCsvPost,
  register(app: FastifyInstance, ctx: AppContext) {
    app.post(API_PREFIX + routes.exportLeadsCsvPost.path, async (request, reply) => {
      const userId = await authenticate(request, ctx)
      const parsed = routes.exportLeadsCsvPost.body.safeParse(request.body)
      if (!parsed.success) throw validationError(parsed.error)
      return sendCsv(reply, ctx, await leadsCsv(ctx, userId, parsed.data))
    })
  },
}
