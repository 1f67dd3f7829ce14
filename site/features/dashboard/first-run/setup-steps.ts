import type { Dashboard } from '../../../../api/schemas/users.ts'

/** What this browser says about the extension: still asking, it answered, or nothing answered. */
export type ExtensionStatus = 'checking' | 'installed' | 'missing'

export type SetupStepKey = 'install' | 'profile' | 'open' | 'convert' | 'lead'

export interface SetupStep {
  key: SetupStepKey
  done: boolean
}

/**
 * The first-run checklist's steps and which are done. The site cannot see the agent's tabs, so
 * opening a listing counts as done once one was converted. A listing converted or a lead saved
 * also proves the extension installed somewhere (only it does either), say on another computer,
 * when this browser (a phone, another profile) has none. The extension converts nothing before the
 * agent profile says whose listings are the agent's own (docs/listings.md#in-the-popup).
 */
export function setupSteps(
  data: Pick<Dashboard, 'has_converted_listing' | 'has_saved_lead'>,
  extension: ExtensionStatus,
  hasAgentProfile: boolean,
): SetupStep[] {
  const converted = data.has_converted_listing
  return [
    { key: 'install', done: extension === 'installed' || converted || data.has_saved_lead },
    { key: 'profile', done: hasAgentProfile },
    { key: 'open', done: converted },
    { key: 'convert', done: converted },
    { key: 'lead', done: data.has_saved_lead },
  ]
}

/** The numbers replace the checklist once there are some: any API call, of any kind. */
export function hasUsage(data: Pick<Dashboard, 'total_api_calls'>): boolean {
  return data.total_api_calls > 0
}
