import { api } from '../../../lib/api.ts'

/** GET /payment/verify-payment?session_id=: 200 means the payment went through. */
export function verifyPayment(sessionId: string) {
  return api.call('verifyPayment', { query: { session_id: sessionId } })
}
