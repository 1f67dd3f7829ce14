import { config } from '../config.ts'
import { MESSAGE_CHANNELS, type MessageType } from '../messages.ts'

/** Where a web page's message came from; older Chrome versions give only the URL. */
export function senderOrigin(sender: chrome.runtime.MessageSender): string | null {
  if (sender.origin) return sender.origin
  try {
    return sender.url ? new URL(sender.url).origin : null
  } catch {
    return null
  }
}

/** Only the site may message the extension from outside (docs/architecture.md#security). */
export function isSiteSender(sender: chrome.runtime.MessageSender): boolean {
  const origin = senderOrigin(sender)
  return origin !== null && config.siteOrigins.includes(origin)
}

function isExtensionPage(sender: chrome.runtime.MessageSender): boolean {
  return (
    sender.id === chrome.runtime.id && (sender.url?.startsWith(chrome.runtime.getURL('')) ?? false)
  )
}

/** The Marketplace content script: our extension, a tab's top frame, on facebook.com. */
function isMarketplaceContentScript(sender: chrome.runtime.MessageSender): boolean {
  return (
    sender.id === chrome.runtime.id &&
    sender.tab?.id !== undefined &&
    sender.frameId === 0 &&
    senderOrigin(sender) === 'https://www.facebook.com'
  )
}

/**
 * May this sender send this internal message? Content scripts run inside other sites' pages, so
 * they may only ask for their own tab's draft; only our pages (the popup) log in or convert.
 */
export function acceptInternal(type: MessageType, sender: chrome.runtime.MessageSender): boolean {
  switch (MESSAGE_CHANNELS[type]) {
    case 'page':
      return isExtensionPage(sender)
    case 'content':
      return isMarketplaceContentScript(sender)
    default:
      return false
  }
}
