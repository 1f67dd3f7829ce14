/**
 * Where the session sits in browser storage, by key: auth-storage.ts reads every spelling and
 * writes one; the script that runs before the first paint (stored-session-script.ts) reads them too.
 */
export const keys = {
  accessToken: 'accessToken',
  /** Spelling used by one part of the old header; read, never written. */
  legacyAccessToken: 'access_Token',
  refreshToken: 'refresh_token',
  userId: 'userId',
  username: 'username',
  email: 'email',
  isLogin: 'isLogin',
  /** Legacy "logged in" flag; read, never written. */
  isLoggedIn: 'isLoggedIn',
  remember: 'rememberMe',
} as const
