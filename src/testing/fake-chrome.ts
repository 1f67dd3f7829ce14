/**
 * Tests only: a small in-memory stand-in for the `chrome.*` APIs the extension uses, and for the
 * worker's Cache Storage. Storage lives in the fake, not in any module, so re-importing the
 * worker's modules ("Chrome restarted the worker") finds the same data.
 */
import { vi } from 'vitest'
import { EXTENSION_ID } from '../../api/extension-id.ts'

type Listener = (...args: never[]) => unknown

export class FakeEvent<L extends Listener = Listener> {
  readonly listeners: L[] = []
  addListener(listener: L): void {
    this.listeners.push(listener)
  }
  removeListener(listener: L): void {
    const index = this.listeners.indexOf(listener)
    if (index >= 0) this.listeners.splice(index, 1)
  }
  hasListener(listener: L): boolean {
    return this.listeners.includes(listener)
  }
  clear(): void {
    this.listeners.length = 0
  }
}

type ChangeListener = (changes: Record<string, chrome.storage.StorageChange>, area: string) => void

class FakeStorageArea {
  readonly data = new Map<string, unknown>()
  /** Chrome's default for `local`; `session` starts closed to content scripts. */
  accessLevel: `${chrome.storage.AccessLevel}` = 'TRUSTED_AND_UNTRUSTED_CONTEXTS'
  constructor(
    private readonly name: string,
    private readonly onChanged: FakeEvent<ChangeListener>,
  ) {}

  get(keys?: string | string[] | null): Promise<Record<string, unknown>> {
    const wanted = keys === undefined || keys === null ? [...this.data.keys()] : [keys].flat()
    const result: Record<string, unknown> = {}
    for (const key of wanted) {
      // Values go through JSON as in Chrome: no shared references with the caller.
      if (this.data.has(key)) result[key] = structuredClone(this.data.get(key))
    }
    return Promise.resolve(result)
  }

  setAccessLevel(options: { accessLevel: `${chrome.storage.AccessLevel}` }): Promise<void> {
    this.accessLevel = options.accessLevel
    return Promise.resolve()
  }

  set(items: Record<string, unknown>): Promise<void> {
    const changes: Record<string, chrome.storage.StorageChange> = {}
    for (const [key, value] of Object.entries(items)) {
      const copy: unknown = JSON.parse(JSON.stringify(value))
      changes[key] = { oldValue: this.data.get(key), newValue: copy }
      this.data.set(key, copy)
    }
    this.emit(changes)
    return Promise.resolve()
  }

  remove(keys: string | string[]): Promise<void> {
    const changes: Record<string, chrome.storage.StorageChange> = {}
    for (const key of [keys].flat()) {
      if (!this.data.has(key)) continue
      changes[key] = { oldValue: this.data.get(key) }
      this.data.delete(key)
    }
    this.emit(changes)
    return Promise.resolve()
  }

  clear(): Promise<void> {
    return this.remove([...this.data.keys()])
  }

  private emit(changes: Record<string, chrome.storage.StorageChange>): void {
    if (Object.keys(changes).length === 0) return
    for (const listener of [...this.onChanged.listeners]) listener(changes, this.name)
  }
}

/** A Cache Storage holding responses' bytes and content types. */
export class FakeCacheStorage {
  readonly caches = new Map<string, Map<string, { body: ArrayBuffer; type: string }>>()

  open(name: string) {
    let entries = this.caches.get(name)
    if (!entries) {
      entries = new Map()
      this.caches.set(name, entries)
    }
    const store = entries
    return Promise.resolve({
      async put(key: string, response: Response) {
        store.set(key, {
          body: await response.arrayBuffer(),
          type: response.headers.get('content-type') ?? '',
        })
      },
      match(key: string) {
        const entry = store.get(key)
        return Promise.resolve(
          entry ? new Response(entry.body, { headers: { 'content-type': entry.type } }) : undefined,
        )
      },
      delete(key: string) {
        return Promise.resolve(store.delete(key))
      },
    })
  }

  delete(name: string): Promise<boolean> {
    return Promise.resolve(this.caches.delete(name))
  }
}

export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`
export const POPUP_URL = `${EXTENSION_ORIGIN}/src/popup/index.html`

type MessageListener = (
  message: unknown,
  sender: chrome.runtime.MessageSender,
  sendResponse: (response: unknown) => void,
) => boolean | undefined

export interface FakeTab {
  id: number
  url: string
  active: boolean
  openerTabId?: number
}

export function createFakeChrome() {
  const storageChanged = new FakeEvent<ChangeListener>()
  const local = new FakeStorageArea('local', storageChanged)
  const session = new FakeStorageArea('session', storageChanged)
  session.accessLevel = 'TRUSTED_CONTEXTS'
  const onMessage = new FakeEvent<MessageListener>()
  const onMessageExternal = new FakeEvent<MessageListener>()
  const tabs: FakeTab[] = []
  let nextTabId = 100

  const chromeApi = {
    storage: { local, session, onChanged: storageChanged },
    runtime: {
      id: EXTENSION_ID,
      getURL: (path: string) => `${EXTENSION_ORIGIN}/${path.replace(/^\//, '')}`,
      onMessage,
      onMessageExternal,
      onStartup: new FakeEvent(),
      onInstalled: new FakeEvent(),
      /** Replace per test (the popup's tests answer for the worker here). */
      sendMessage: vi.fn((_message: unknown): Promise<unknown> => {
        return Promise.reject(
          new Error('Could not establish connection. Receiving end does not exist.'),
        )
      }),
    },
    tabs: {
      onRemoved: new FakeEvent<(tabId: number) => void>(),
      query: vi.fn((_query: chrome.tabs.QueryInfo) =>
        Promise.resolve(tabs.filter((tab) => tab.active)),
      ),
      create: vi.fn((properties: chrome.tabs.CreateProperties) => {
        const tab: FakeTab = {
          id: nextTabId++,
          url: properties.url ?? 'about:blank',
          active: properties.active ?? true,
          ...(properties.openerTabId !== undefined ? { openerTabId: properties.openerTabId } : {}),
        }
        tabs.push(tab)
        return Promise.resolve(tab)
      }),
      get: vi.fn((tabId: number) => {
        const tab = tabs.find((t) => t.id === tabId)
        return tab ? Promise.resolve(tab) : Promise.reject(new Error(`No tab with id: ${tabId}.`))
      }),
      /** Closes the tab and tells onRemoved's listeners, as Chrome does. */
      remove: vi.fn((tabId: number) => {
        const index = tabs.findIndex((t) => t.id === tabId)
        if (index < 0) return Promise.reject(new Error(`No tab with id: ${tabId}.`))
        tabs.splice(index, 1)
        for (const listener of [...chromeApi.tabs.onRemoved.listeners]) listener(tabId)
        return Promise.resolve()
      }),
      update: vi.fn((tabId: number, properties: chrome.tabs.UpdateProperties) => {
        const tab = tabs.find((t) => t.id === tabId)
        if (!tab) return Promise.reject(new Error(`No tab with id: ${tabId}.`))
        if (properties.url !== undefined) tab.url = properties.url
        if (properties.active !== undefined) tab.active = properties.active
        return Promise.resolve(tab)
      }),
      /** Replace per test: what content scripts answer. */
      sendMessage: vi.fn(
        (_tabId: number, _message: unknown, _options?: unknown): Promise<unknown> => {
          return Promise.reject(
            new Error('Could not establish connection. Receiving end does not exist.'),
          )
        },
      ),
    },
  }

  return { chrome: chromeApi, local, session, tabs, caches: new FakeCacheStorage() }
}

export type FakeChrome = ReturnType<typeof createFakeChrome>

/** Installs a fresh fake as the global `chrome` and `caches`; returns it. */
export function installFakeChrome(): FakeChrome {
  const fake = createFakeChrome()
  vi.stubGlobal('chrome', fake.chrome)
  vi.stubGlobal('caches', fake.caches)
  return fake
}

/** The URL a fetch was called with. */
export function urlOf(input: string | URL | Request): string {
  if (typeof input === 'string') return input
  return input instanceof URL ? input.href : input.url
}

/** Sends a message to the listeners registered on `event`, as Chrome would; resolves with the reply. */
export function deliver(
  event: FakeEvent<MessageListener>,
  message: unknown,
  sender: chrome.runtime.MessageSender,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const state = { answered: false, keptOpen: false }
    for (const listener of event.listeners) {
      const result = listener(message, sender, (response) => {
        state.answered = true
        resolve(response)
      })
      if (result === true) state.keptOpen = true
    }
    if (!state.answered && !state.keptOpen)
      reject(new Error('The message port closed before a response was received.'))
  })
}

export const popupSender: chrome.runtime.MessageSender = {
  id: EXTENSION_ID,
  url: POPUP_URL,
  origin: EXTENSION_ORIGIN,
}

export function marketplaceSender(tabId: number): chrome.runtime.MessageSender {
  return {
    id: EXTENSION_ID,
    tab: { id: tabId } as chrome.tabs.Tab,
    frameId: 0,
    url: 'https://www.facebook.com/marketplace/create/rental',
    origin: 'https://www.facebook.com',
  }
}

export function siteSender(origin: string): chrome.runtime.MessageSender {
  return { url: `${origin}/dashboard`, origin }
}
