import { keys } from './session-keys.ts'

/**
 * Set on <html> while the visitor has a stored session, so CSS keeps guest-only parts
 * ([data-guest-only]: "Login", "Get Started", the sign-in form) hidden. The prerendered pages are
 * the guest's; this keeps a logged-in visitor from seeing them painted before the app has
 * hydrated and rendered the logged-in header (docs/operations.md#how-the-site-is-served).
 */
export const STORED_SESSION_ATTRIBUTE = 'data-stored-session'

/**
 * The inline script in the shell's <head> that sets the attribute before the first paint. It
 * reads storage as hasStoredLogin (auth-storage.ts) does: an access token (either spelling) or a
 * "true" logged-in flag (either spelling), the first non-empty value of localStorage, then
 * sessionStorage. Storage that throws (blocked cookies) counts as no session. Plain ES5: it runs
 * before any bundle, in every browser. The server allows exactly this script by its hash
 * (server/http/inline-script-csp.ts).
 */
export function storedSessionScript(): string {
  const read = (key: string) => `r(${JSON.stringify(key)})`
  const stored = [
    read(keys.accessToken),
    read(keys.legacyAccessToken),
    `${read(keys.isLogin)}==="true"`,
    `${read(keys.isLoggedIn)}==="true"`,
  ].join('||')
  return (
    `(function(){try{var s=[localStorage,sessionStorage];` +
    `function r(k){for(var i=0;i<s.length;i++){var v=s[i].getItem(k);if(v)return v}return null}` +
    `if(${stored})document.documentElement.setAttribute(${JSON.stringify(STORED_SESSION_ATTRIBUTE)},"")` +
    `}catch(e){}})()`
  )
}
