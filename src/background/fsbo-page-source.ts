import type { FsboPage } from '../fsbo/inspect-fsbo-page.ts'
import { sendTabMessage } from '../messages.ts'

/**
 * What a tab shows for FSBO leads, from its content script (FSBO sites' listing and results
 * pages, Zillow listings). No content script there means nothing to offer: `other`.
 */
export async function fsboPageOfTab(tabId: number): Promise<FsboPage> {
  try {
    return await sendTabMessage(tabId, 'fsbo:inspect', {})
  } catch {
    return { kind: 'other' }
  }
}
