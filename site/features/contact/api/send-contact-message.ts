import type { ContactUsBody } from '../../../../api/schemas/users.ts'
import { api } from '../../../lib/api.ts'

/** POST /users/contact-us (docs/product.md#contact): the six contact fields. */
export async function sendContactMessage(body: ContactUsBody): Promise<void> {
  await api.call('contactUs', { body })
}
