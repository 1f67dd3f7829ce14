import { api } from '../../../lib/api.ts'

/**
 * GET /auth/verify-email/{token} (docs/product.md#verification): success when data.status is
 * success.
 */
export async function verifyEmail(token: string): Promise<boolean> {
  const data = await api.call('verifyEmail', { params: { token } })
  // The contract already insists on 'success'; the check stays so the rule reads as it is stated
  // (docs/product.md#verification).
  const status: string = data.status
  return status === 'success'
}
