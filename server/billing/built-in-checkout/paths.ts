/** Where the pages live on the server (not under /api/v1: they are pages, not API calls). */
export const TEST_CHECKOUT_PATH = '/checkout/test'

/** The page a checkout opens at. */
export function checkoutPageUrl(apiUrl: string, sessionId: string): string {
  return `${apiUrl}${TEST_CHECKOUT_PATH}/${sessionId}`
}

/** The receipt page of a test payment: the checkout's own, or a renewal's (renewals.ts). */
export function testReceiptUrl(apiUrl: string, transactionId: string): string {
  return `${apiUrl}${TEST_CHECKOUT_PATH}/receipts/${transactionId}`
}
