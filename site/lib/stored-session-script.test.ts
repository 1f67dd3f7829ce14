import { afterEach, describe, expect, it } from 'vitest'
import { hasStoredLogin } from './auth-storage.ts'
import { STORED_SESSION_ATTRIBUTE, storedSessionScript } from './stored-session-script.ts'

/** Runs the inline script as the browser does, on a fresh <html>: whether it marked the page. */
function scriptMarks(): boolean {
  document.documentElement.removeAttribute(STORED_SESSION_ATTRIBUTE)
  // The script is a string by design: it is written into the page as it is.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running exactly that string
  ;(new Function(storedSessionScript()) as () => void)()
  return document.documentElement.hasAttribute(STORED_SESSION_ATTRIBUTE)
}

type Storages = Partial<Record<'local' | 'session', Record<string, string>>>

const cases: [string, Storages][] = [
  ['nothing stored', {}],
  ['an access token', { local: { accessToken: 'a' } }],
  ['the legacy access token spelling', { session: { access_Token: 'a' } }],
  ['an empty access token', { local: { accessToken: '' } }],
  ['isLogin true', { session: { isLogin: 'true' } }],
  ['isLogin false', { local: { isLogin: 'false' } }],
  ['the legacy isLoggedIn flag', { local: { isLoggedIn: 'true' } }],
  [
    'an empty flag in localStorage, true in sessionStorage',
    {
      local: { isLogin: '' },
      session: { isLogin: 'true' },
    },
  ],
  [
    'false in localStorage, true in sessionStorage',
    {
      local: { isLogin: 'false' },
      session: { isLogin: 'true' },
    },
  ],
  ['only a username and an e-mail', { local: { username: 'Ann', email: 'a@example.com' } }],
]

describe('the stored-session script in the page head', () => {
  afterEach(() => {
    document.documentElement.removeAttribute(STORED_SESSION_ATTRIBUTE)
  })

  it.each(cases)('marks the page exactly when the app counts a session: %s', (_, stored) => {
    for (const [key, value] of Object.entries(stored.local ?? {})) localStorage.setItem(key, value)
    for (const [key, value] of Object.entries(stored.session ?? {})) {
      sessionStorage.setItem(key, value)
    }
    expect(scriptMarks()).toBe(hasStoredLogin())
  })

  it('marks a page with a session and leaves a guest’s alone', () => {
    expect(scriptMarks()).toBe(false)
    localStorage.setItem('accessToken', 'a')
    expect(scriptMarks()).toBe(true)
  })
})
