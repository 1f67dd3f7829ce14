import { apiErrorFromResponse, networkError } from '../../../../../api/client/api-error.ts'
import { TUNNEL_WARNING_HEADER } from '../../../../../api/envelope.ts'
import { API_PREFIX, routes, type RouteQuery } from '../../../../../api/routes.ts'
import { api } from '../../../../lib/api.ts'
import { getAccessToken } from '../../../../lib/auth-storage.ts'

export type ExportLeadsCsvQuery = RouteQuery<'exportLeadsCsv'>

/**
 * GET /leads/export.csv: the CSV text. The API client only reads JSON envelopes, so this fetches
 * itself with the bearer token; a 401 lets the shared client renew the session (through a cheap
 * call, single-flight with every other request) and tries once more. Errors are still envelopes.
 */
export async function exportLeadsCsv(query: ExportLeadsCsvQuery): Promise<string> {
  const url = csvUrl(query)
  let response = await send(url)
  if (response.status === 401) {
    await api.call('me')
    response = await send(url)
  }
  if (!response.ok) throw apiErrorFromResponse(response.status, await jsonOf(response))
  return response.text()
}

function csvUrl(query: ExportLeadsCsvQuery): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value) search.append(key, value)
  }
  const text = search.toString()
  return `${API_PREFIX}${routes.exportLeadsCsv.path}${text ? `?${text}` : ''}`
}

async function send(url: string): Promise<Response> {
  const headers: Record<string, string> = { [TUNNEL_WARNING_HEADER]: 'true' }
  const token = getAccessToken()
  if (token) headers.authorization = `Bearer ${token}`
  try {
    return await fetch(url, { method: 'GET', headers })
  } catch {
    throw networkError()
  }
}

async function jsonOf(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown
  } catch {
    return undefined
  }
}
