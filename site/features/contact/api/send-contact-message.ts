import type { ContactUsBody } from '../../../../api/schemas/users.ts'
import { loadApi } from '../../../lib/load-api.ts'

/** POST /users/contact-us (docs/product.md#contact): the six contact fields. */
export async function sendContactMessage(body: ContactUsBody): Promise<void> {
  const api = await loadApi()
  await api.call('contactUs', { body })
}
