import { sql, type SelectQueryBuilder } from 'kysely'
import type { Transaction } from '../../api/schemas/payment.ts'
import type { Database, TransactionsTable } from '../db/schema.ts'
import { containsPattern } from '../db/like.ts'

/** The columns a transaction item is made from. */
export const TRANSACTION_COLUMNS = [
  'id',
  'created_at',
  'payment_type',
  'amount_cents',
  'currency',
  'status',
  'receipt_url',
] as const satisfies readonly (keyof TransactionsTable)[]

export type TransactionItemRow = Pick<TransactionsTable, (typeof TRANSACTION_COLUMNS)[number]>

/** A stored payment as /users/dashboard and /users/transactions show it. */
export function toTransaction(row: TransactionItemRow): Transaction {
  return {
    _id: row.id,
    transaction_timestamp: row.created_at,
    payment_type: row.payment_type,
    // Cents inside, dollars in the API.
    transaction_amount_in_usd: row.amount_cents / 100,
    transaction_currency: row.currency,
    transaction_status: row.status,
    receipt_url: row.receipt_url,
  }
}

/** Lower case with underscores as spaces: "Requires action" finds "requires_action". */
function normalize(text: string): string {
  return text.toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ').trim()
}

/** The largest value of the `integer` columns amounts are stored in (PostgreSQL's int4). */
const MAX_STORED_CENTS = 2_147_483_647

/**
 * "49", "$49.00", "1,234.5" → cents; null when the text is no amount, or one larger than any
 * stored (PostgreSQL refuses to compare an integer column with a value beyond its range).
 */
export function amountCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match?.[1]) return null
  const dollars = Number(match[1].replace(/,/g, ''))
  const cents = Number((match[2] ?? '').padEnd(2, '0'))
  const total = dollars * 100 + cents
  return total <= MAX_STORED_CENTS ? total : null
}

/**
 * The caller's payments, narrowed by the search text `q`: a part of the id (a leading "#" as
 * the table shows it is ignored), the payment type, the plan's name or the status, or the
 * amount in dollars.
 */
export function filterTransactions<O>(
  query: SelectQueryBuilder<Database, 'transactions', O>,
  userId: string,
  q: string | undefined,
): SelectQueryBuilder<Database, 'transactions', O> {
  const scoped = query.where('transactions.user_id', '=', userId)
  const text = normalize(q ?? '').replace(/^#/, '')
  if (!text) return scoped
  const pattern = containsPattern(text)
  const cents = amountCents(text)
  // Each column compared as normalized, so the query's spaces also find its underscores.
  const like = (column: string) =>
    sql<boolean>`lower(replace(${sql.ref(column)}, '_', ' ')) like ${pattern} escape '\\'`
  return scoped.where((eb) =>
    eb.or([
      like('transactions.id'),
      like('transactions.payment_type'),
      like('transactions.status'),
      eb(
        'transactions.plan_id',
        'in',
        eb
          .selectFrom('plans')
          .select('plans.id')
          .where(sql<boolean>`lower(plans.package_name) like ${pattern} escape '\\'`),
      ),
      ...(cents === null ? [] : [eb('transactions.amount_cents', '=', cents)]),
    ]),
  )
}
