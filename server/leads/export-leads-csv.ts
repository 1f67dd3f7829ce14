import type { FastifyInstance } from 'fastify'
import { API_PREFIX, routes } from '../../api/routes.ts'
import type { Lead } from '../../api/schemas/leads.ts'
import type { AppContext } from '../app-context.ts'
import { authenticate } from '../auth/authenticate.ts'
import type { RouteModule } from '../http/define-route.ts'
import { validationError } from '../http/define-route.ts'
import { toCsv } from './csv.ts'
import { filterLeads, toLead } from './lead-rows.ts'

const SOURCE_NAMES: Record<Lead['source'], string> = {
  zillow_fsbo: 'Zillow (FSBO)',
  fsbo_com: 'FSBO.com',
  forsalebyowner_com: 'ForSaleByOwner.com',
}

const STATUS_NAMES: Record<Lead['status'], string> = {
  new: 'New',
  contacted: 'Contacted',
  do_not_call: 'Do not call',
}

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
    SOURCE_NAMES[lead.source],
    STATUS_NAMES[lead.status],
    lead.status === 'do_not_call' ? 'Yes' : 'No',
    lead.notes,
    lead.created_at,
  ]
}

/**
 * GET /leads/export.csv: the caller's leads (the `ids` given, or all matching the filters) as a
 * CSV file. Registered as a plain Fastify route, not through defineRoute, because its answer is a
 * `text/csv` download that a spreadsheet opens, not the JSON envelope; it still authenticates with
 * the same bearer helper, validates its query with the table's schema, and fails in the envelope
 * (the app's error handler renders the AppErrors thrown here).
 */
const exportLeadsCsv: RouteModule = {
  route: routes.exportLeadsCsv,
  register(app: FastifyInstance, ctx: AppContext) {
    app.get(API_PREFIX + routes.exportLeadsCsv.path, async (request, reply) => {
      const userId = authenticate(request, ctx)
      const parsed = routes.exportLeadsCsv.query.safeParse(request.query ?? {})
      if (!parsed.success) throw validationError(parsed.error)
      const rows = await filterLeads(ctx.db.selectFrom('leads').selectAll(), userId, parsed.data)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
      const csv = toCsv(CSV_HEADER, rows.map(toLead).map(leadCsvRow))
      const day = ctx.clock().toISOString().slice(0, 10)
      return reply
        .status(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fsbo-leads-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv)
    })
  },
}
export default exportLeadsCsv
