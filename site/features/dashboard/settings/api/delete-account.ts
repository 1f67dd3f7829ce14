import { api } from '../../../../lib/api.ts'

/** POST /users/delete-account: the account and its data go; payment records stay (the law). */
export async function deleteAccount(password: string): Promise<void> {
  await api.call('deleteAccount', { body: { password } })
}
