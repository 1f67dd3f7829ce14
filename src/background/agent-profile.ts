import type { AgentProfileLookup } from '../messages.ts'
import { api } from './api.ts'
import { convertError } from './conversion.ts'

/**
 * The agent profile as the server has it now, for the popup's "whose listing is it?". Fetched
 * each time it is asked, never kept: the agent may have just changed it on the site's Settings.
 */
export async function agentProfileLookup(): Promise<AgentProfileLookup> {
  try {
    const me = await api().call('me')
    return { ok: true, profile: me.agent_profile }
  } catch (error) {
    return { ok: false, error: convertError(error) }
  }
}
