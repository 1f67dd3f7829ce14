/**
 * FSBO.com and ForSaleByOwner.com listing and search-results pages: answers the worker's
 * "fsbo:inspect" with the page's lead or the listings it links to. It only reads the page when
 * asked; the scan's visits are the worker's. Built as a self-contained script (vite.config.ts).
 */
import { answerFsboInspect } from './answer-fsbo-inspect.ts'

chrome.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) =>
  answerFsboInspect(message, sendResponse),
)
