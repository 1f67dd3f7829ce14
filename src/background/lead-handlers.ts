import type { Handlers, LeadPageMessage } from '../messages.ts'
import { fsboPageOfTab } from './fsbo-page-source.ts'
import { cancelScan, scanState, startScan } from './fsbo-scan.ts'
import { saveLead } from './lead-save.ts'

/** The popup's FSBO-lead messages: the page's lead or results, Save lead, and the scan. */
export const leadHandlers: Pick<Handlers<'page'>, LeadPageMessage> = {
  'leads:page': ({ tabId }) => fsboPageOfTab(tabId),
  'leads:save': ({ lead }) => saveLead(lead),
  'scan:start': ({ sourceTabId }) => startScan(sourceTabId),
  'scan:status': () => scanState(),
  'scan:cancel': () => cancelScan(),
}
