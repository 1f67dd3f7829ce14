import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  EXTENSION_MESSAGE_TYPES,
  fillAgainRequest,
  sharedSession,
  type ExtensionMessage,
} from '../../api/extension-messages.ts'
import { EXTENSION_ID } from '../../api/extension-id.ts'
import {
  clearExtensionSession,
  fillAgainInExtension,
  getExtensionSession,
  isExtensionInstalled,
  shareSessionWithExtension,
} from './extension-bridge.ts'

/** The extension as chrome.runtime shows it to the site: records what it is sent, answers ok. */
function fakeExtension(answer: (message: ExtensionMessage) => unknown) {
  const sent: { extensionId: string; message: ExtensionMessage }[] = []
  vi.stubGlobal('chrome', {
    runtime: {
      sendMessage: (
        extensionId: string,
        message: ExtensionMessage,
        reply: (response: unknown) => void,
      ) => {
        sent.push({ extensionId, message })
        reply({ ok: true, value: answer(message) })
      },
    },
  })
  return sent
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the site’s side of the extension messages', () => {
  it('sends only the contract’s messages, to its extension, with payloads the extension accepts', async () => {
    const sent = fakeExtension((message) =>
      message.type === 'session:get' ? { logged_in: false } : { ok: true },
    )
    const session = { access_token: 'a1', refresh_token: 'r1', user_id: 'u1' }
    expect(await shareSessionWithExtension(session)).toBe(true)
    expect(await clearExtensionSession()).toBe(true)
    expect(await getExtensionSession()).toEqual({ logged_in: false })
    expect(await fillAgainInExtension('listing-1')).toEqual({ ok: true })

    expect(sent.map(({ message }) => message.type)).toEqual([
      'session:set',
      'session:clear',
      'session:get',
      'listing:fill-again',
    ])
    for (const { extensionId, message } of sent) {
      expect(extensionId).toBe(EXTENSION_ID)
      expect(EXTENSION_MESSAGE_TYPES).toContain(message.type)
    }
    // The extension validates what it receives with these schemas: the site's payloads pass.
    expect(sharedSession.parse(sent[0]?.message.payload)).toEqual(session)
    expect(fillAgainRequest.parse(sent[3]?.message.payload)).toEqual({ listing_id: 'listing-1' })
  })

  it('answers null or false without an extension, or with an answer not of the contract', async () => {
    expect(await isExtensionInstalled()).toBe(false)
    expect(await fillAgainInExtension('listing-1')).toBeNull()
    fakeExtension(() => 'not an answer')
    expect(await getExtensionSession()).toBeNull()
    expect(await fillAgainInExtension('listing-1')).toBeNull()
  })
})
