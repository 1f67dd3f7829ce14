import { networkError } from '../../../../../api/client/api-error.ts'
import { apiErrorFromResponse } from '../../../../../api/client/error-answer.ts'
import { TUNNEL_WARNING_HEADER } from '../../../../../api/envelope.ts'
import { API_PREFIX, routes, type RouteBody } from '../../../../../api/routes.ts'
import { api } from '../../../../lib/api.ts'
import { getAccessToken } from '../../../../lib/auth-storage.ts'

export type ExportLeadsCsvBody = RouteBody<'exportLeadsCsvPost'>

/**
 * POST /leads/export.csv: the CSV text of the selected leads (`ids`) or of all matching the
 * filters. POST, not GET, because a selection of a thousand ids does not fit in a URL. The API
 * client only reads JSON envelopes, so this fetches itself with the bearer token; a 401 lets the
 * shared client renew the session (through a cheap call, single-flight with every other request)
 * and tries once more. Errors are still envelopes.
 */
export async function exportLeadsCsv(body: ExportLeadsCsvBody): Promise<string> {
  const json = JSON.stringify(body)
  let response = await send(json)
  if (response.status === 401) {
    await api.call('me')
    response = await send(json)
  }
  if (!response.ok) throw apiErrorFromResponse(response.status, await jsonOf(response))
  return response.text()
}

async function send(body: string): Promise<Response> {
  const headers: Record<string, string> = {
    [TUNNEL_WARNING_HEADER]: 'true',
    'content-type': 'application/json',
  }
  const token = getAccessToken()
  if (token) headers.authorization = `Bearer ${token}`
  try {
    return await fetch(`${API_PREFIX}${routes.exportLeadsCsvPost.path}`, {
      method: 'POST',
      headers,
      body,
    })
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
