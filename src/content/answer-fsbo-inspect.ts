import { inspectFsboPage } from '../fsbo/inspect-fsbo-page.ts'
import { isEnvelope, type Reply } from '../messages.ts'

/**
 * Answers the worker's "fsbo:inspect" with what this page is for FSBO leads, read at the moment
 * of asking (pages change after load). For `chrome.runtime.onMessage` in content scripts.
 */
export function answerFsboInspect(
  message: unknown,
  sendResponse: (reply: Reply<'fsbo:inspect'>) => void,
): boolean {
  if (!isEnvelope(message) || message.type !== 'fsbo:inspect') return false
  try {
    sendResponse({ ok: true, value: inspectFsboPage(document, location.href) })
  } catch (error) {
    sendResponse({ ok: false, error: error instanceof Error ? error.message : String(error) })
  }
  return false
}
