import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  EXTENSION_MESSAGE_TYPES,
  type ExtensionMessageType,
  type ExtensionRequest,
  type ExtensionResponse,
} from '../api/extension-messages.ts'
import {
  dispatch,
  MESSAGE_CHANNELS,
  MessageError,
  sendMessage,
  type Handlers,
  type MessageOf,
  type Reply,
  type RequestOf,
  type ResponseOf,
} from './messages.ts'
import { installFakeChrome, popupSender, type FakeChrome } from './testing/fake-chrome.ts'

let fake: FakeChrome
beforeEach(() => {
  fake = installFakeChrome()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const external: Handlers<'external'> = {
  'session:set': () => ({ ok: true }),
  'session:clear': () => {
    throw new Error('storage is broken')
  },
  'session:get': () => ({ logged_in: false }),
  'listing:fill-again': () => ({ ok: true }),
}

function run(message: unknown, accept = true) {
  const replies: Reply[] = []
  const kept = dispatch(
    external,
    () => accept,
    message,
    popupSender,
    (reply) => replies.push(reply),
  )
  return { kept, replies, settled: () => new Promise((resolve) => setTimeout(resolve, 0)) }
}

describe('dispatch', () => {
  it('answers a message with its handler, keeping the channel open for the async answer', async () => {
    const call = run({ type: 'session:get', payload: {} })
    expect(call.kept).toBe(true)
    await call.settled()
    expect(call.replies).toEqual([{ ok: true, value: { logged_in: false } }])
  })

  it('turns a handler that throws into an error answer, so the sender never hangs', async () => {
    const call = run({ type: 'session:clear', payload: {} })
    await call.settled()
    expect(call.replies).toEqual([{ ok: false, error: 'storage is broken' }])
  })

  it('leaves alone what is not a message of this map or not handled here', async () => {
    for (const message of [
      null,
      'session:get',
      { type: 'nope', payload: {} },
      { type: 'session:get' },
    ]) {
      const call = run(message)
      await call.settled()
      expect([call.kept, call.replies]).toEqual([false, []])
    }
    // A real type, but handled by another dispatcher (the popup's, not the site's).
    const other = run({ type: 'session:login', payload: { email: 'a@b.co', password: 'x' } })
    await other.settled()
    expect([other.kept, other.replies]).toEqual([false, []])
  })

  it('refuses a sender the channel does not accept, without running the handler', async () => {
    const handler = vi.fn(() => ({ ok: true as const }))
    const replies: Reply[] = []
    dispatch<'external'>(
      { ...external, 'session:set': handler },
      () => false,
      { type: 'session:set', payload: { access_token: 'a', refresh_token: 'r', user_id: 'u' } },
      popupSender,
      (reply) => replies.push(reply),
    )
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(handler).not.toHaveBeenCalled()
    expect(replies).toEqual([{ ok: false, error: 'session:set is not accepted from this sender' }])
  })
})

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

describe('the site’s messages (api/extension-messages.ts)', () => {
  it('are exactly the external channel of the map, with the contract’s payloads and answers', () => {
    // Checked by the compiler: a message added on one side only, or typed apart, fails here.
    const sameTypes: Same<MessageOf<'external'>, ExtensionMessageType> = true
    const sameShapes: {
      [T in ExtensionMessageType]: Same<RequestOf<T>, ExtensionRequest<T>> &
        Same<ResponseOf<T>, ExtensionResponse<T>>
    } = {
      'session:set': true,
      'session:clear': true,
      'session:get': true,
      'listing:fill-again': true,
    }
    expect([sameTypes, ...Object.values(sameShapes)].every(Boolean)).toBe(true)
    // And at run time, where the dispatchers' checks read the channels.
    const external = Object.entries(MESSAGE_CHANNELS)
      .filter(([, channel]) => channel === 'external')
      .map(([type]) => type)
    expect(external.sort()).toEqual([...EXTENSION_MESSAGE_TYPES].sort())
  })
})

describe('sendMessage', () => {
  it('sends an envelope and resolves with the value', async () => {
    fake.chrome.runtime.sendMessage.mockResolvedValueOnce({
      ok: true,
      value: { loggedIn: false, notice: null },
    })
    await expect(sendMessage('session:status', {})).resolves.toEqual({
      loggedIn: false,
      notice: null,
    })
    expect(fake.chrome.runtime.sendMessage).toHaveBeenCalledWith({
      type: 'session:status',
      payload: {},
    })
  })

  it('rejects with the handler error, and when nobody answered', async () => {
    fake.chrome.runtime.sendMessage.mockResolvedValueOnce({ ok: false, error: 'boom' })
    await expect(sendMessage('session:status', {})).rejects.toEqual(new MessageError('boom'))
    fake.chrome.runtime.sendMessage.mockResolvedValueOnce(undefined)
    await expect(sendMessage('session:status', {})).rejects.toThrow('No answer to session:status')
  })
})
