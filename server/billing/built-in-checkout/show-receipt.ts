import type { FastifyReply, FastifyRequest } from 'fastify'
import { sendPage, type CheckoutPagesDeps } from './page-reply.ts'
import { renderNoticePage, renderReceiptPage } from './pages.ts'

interface ReceiptRoute {
  Params: { transactionId: string }
}

/** GET a test payment's receipt; its UUID is the key, as with Stripe's hosted receipts. */
export function showReceipt(deps: CheckoutPagesDeps) {
  const { db, config } = deps
  return async (request: FastifyRequest<ReceiptRoute>, reply: FastifyReply) => {
    const { transactionId } = request.params
    const row = await db
      .selectFrom('transactions')
      .innerJoin('users', 'users.id', 'transactions.user_id')
      .leftJoin('plans', 'plans.id', 'transactions.plan_id')
      .select([
        'transactions.id',
        'transactions.created_at',
        'transactions.amount_cents',
        'transactions.payment_type',
        'transactions.status',
        'transactions.period_start',
        'transactions.period_end',
        'plans.package_name',
        'users.full_name',
        'users.email',
      ])
      .where('transactions.id', '=', transactionId)
      .where('transactions.provider', '=', 'test')
      .executeTakeFirst()
    if (!row) {
      return sendPage(
        deps,
        reply,
        404,
        renderNoticePage({
          siteUrl: config.siteUrl,
          title: 'Receipt not found',
          message: 'This receipt link is not valid.',
          action: { label: 'Your transactions', url: `${config.siteUrl}/dashboard/transactions` },
        }),
      )
    }
    return sendPage(
      deps,
      reply,
      200,
      renderReceiptPage({
        siteUrl: config.siteUrl,
        transactionId: row.id,
        paidAt: row.created_at,
        amountCents: row.amount_cents,
        paymentType: row.payment_type,
        status: row.status,
        planName: row.package_name,
        periodStart: row.period_start,
        periodEnd: row.period_end,
        customerName: row.full_name,
        customerEmail: row.email,
      }),
    )
  }
}
