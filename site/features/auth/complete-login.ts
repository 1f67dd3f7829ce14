import type { LoginData } from '../../../api/schemas/auth.ts'
import { saveLogin } from '../../lib/auth-storage.ts'
import { shareSessionWithExtension } from '../../lib/extension-bridge.ts'
import { setIsLogin, setUserName } from '../../lib/store.ts'

/** The username falls back to the e-mail's part before the @ (docs/product.md#login-success). */
export function usernameFor(username: string | undefined, email: string): string {
  return username?.trim() || email.split('@')[0] || email
}

/**
 * docs/product.md#login-success: store tokens, e-mail and username, set the logged-in flag and the
 * store's name. Remember Me picks localStorage (survives a restart) or sessionStorage. The
 * extension, when installed, takes the same session (docs/architecture.md#session-sharing); without
 * it this is a no-op.
 */
export function completeLogin(data: LoginData, email: string, remember: boolean): void {
  const username = usernameFor(data.username, email)
  saveLogin({ ...data, email, username, remember })
  setUserName(username)
  setIsLogin(true)
  void shareSessionWithExtension({
    access_token: data.access_token,
    refresh_token: data.refresh_token,
    user_id: data.user_id,
  })
}
