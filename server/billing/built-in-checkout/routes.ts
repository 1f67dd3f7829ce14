import type { FastifyInstance } from 'fastify'
import { cancelCheckout } from './cancel-checkout.ts'
import { acceptFormBodies } from './form-body.ts'
import type { CheckoutPagesDeps, SessionRoute } from './page-reply.ts'
import { payCheckout } from './pay-checkout.ts'
import { TEST_CHECKOUT_PATH } from './paths.ts'
import { showCheckout } from './show-checkout.ts'
import { showReceipt } from './show-receipt.ts'

/** The checkout's pages, in a scope of their own (they alone take form posts). */
export async function registerCheckoutPages(
  app: FastifyInstance,
  deps: CheckoutPagesDeps,
): Promise<void> {
  await app.register((pages, _options, done) => {
    acceptFormBodies(pages)
    pages.get<SessionRoute>(`${TEST_CHECKOUT_PATH}/:sessionId`, showCheckout(deps))
    pages.post<SessionRoute>(`${TEST_CHECKOUT_PATH}/:sessionId/pay`, payCheckout(deps))
    pages.post<SessionRoute>(`${TEST_CHECKOUT_PATH}/:sessionId/cancel`, cancelCheckout(deps))
    pages.get(`${TEST_CHECKOUT_PATH}/receipts/:transactionId`, showReceipt(deps))
    done()
  })
}
