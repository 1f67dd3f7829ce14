import type { Lead } from '../../../../../api/schemas/leads.ts'
import { ok, type FetchMock } from '../../../../testing/http.ts'
import { stubApi } from '../../testing/fixtures.ts'
import { crmFixture, leadsPageFixture } from './lead-fixtures.ts'

type Answers = Parameters<typeof stubApi>[0]

/** Signs in and stubs the leads API: the list (and anything else given) per path. */
export function stubLeadsApi(leads: Lead[], more: Answers = {}): FetchMock {
  localStorage.setItem('accessToken', 'access-1')
  return stubApi({
    '/leads': [ok(leadsPageFixture(leads))],
    '/leads/crm': [ok(crmFixture())],
    ...more,
  })
}

/** The requests made to `path`, as URLs with their query, and their JSON bodies. */
export function requestsTo(mock: FetchMock, path: string) {
  return mock.mock.calls
    .map(([input, init]) => ({
      url: new URL(input, 'http://localhost'),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }))
    .filter((r) => r.url.pathname === `/api/v1${path}`)
}

/** The query of the latest request to `path`, as a plain object. */
export function lastQuery(mock: FetchMock, path: string): Record<string, string> {
  const all = requestsTo(mock, path)
  const last = all[all.length - 1]
  if (!last) throw new Error(`no request to ${path}`)
  return Object.fromEntries(last.url.searchParams)
}

/** A CSV answer as the server sends it. */
export function csvAnswer(text: string): Response {
  return new Response(`\uFEFF${text}`, {
    status: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8' },
  })
}
