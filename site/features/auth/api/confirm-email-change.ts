import { api } from '../../../lib/api.ts'

/** GET /users/confirm-email/{token}: the link of an e-mail change; answers the new address. */
export async function confirmEmailChange(token: string): Promise<string> {
  const data = await api.call('confirmEmailChange', { params: { token } })
  return data.email
}
