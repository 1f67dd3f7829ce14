import fixtureHtml from '../../../tests/fixtures/marketplace/create-rental.html?raw'

/** What tests/fixtures/marketplace/create-rental.html keeps as its "React state". */
export interface FixtureState {
  listing_type: string | null
  property_type: string | null
  bedrooms: string
  bathrooms: string
  price: string
  address: string | null
  address_typed: string
  description: string
  square_feet: string
  date_available: string
  laundry: string | null
  parking: string | null
  air_conditioning: string | null
  heating: string | null
  photos: { name: string; type: string; size: number; isFile: boolean }[]
}

export interface MarketplaceFixture {
  state: FixtureState
  /** Every press of Next or Publish ("Next", "mousedown:Publish", …). */
  clicks: string[]
  renders: number
  destroy(): void
}

export interface FixtureOptions {
  /** Fields the page leaves out (fixture keys: `square_feet`, `laundry`, …). */
  omit?: string[]
  /** Fields whose first edit a re-render eats (the filler must try again). */
  flaky?: string[]
  /** Field → the label the page shows instead of its usual one (Facebook renamed it). */
  rename?: Record<string, string>
  /** How long the form takes to render, in ms. */
  delay?: number
}

declare global {
  interface Window {
    __fixture?: MarketplaceFixture
    __fixtureOptions?: FixtureOptions
  }
}

interface HappyDomWindow {
  happyDOM?: { settings: { enableJavaScriptEvaluation: boolean } }
}

/**
 * Loads the Marketplace form fixture into happy-dom's document and runs its script as a browser
 * would (happy-dom evaluates scripts only when told to; the fixture is our own page).
 */
export function loadMarketplaceFixture(options: FixtureOptions = {}): MarketplaceFixture {
  window.__fixture?.destroy()
  const parsed = new DOMParser().parseFromString(fixtureHtml, 'text/html')
  document.documentElement.lang = parsed.documentElement.lang
  const scripts = Array.from(parsed.body.querySelectorAll('script'))
  for (const script of scripts) script.remove()
  document.head.replaceChildren(
    ...Array.from(parsed.head.childNodes, (n) => document.importNode(n, true)),
  )
  document.body.replaceChildren(
    ...Array.from(parsed.body.childNodes, (n) => document.importNode(n, true)),
  )

  window.__fixtureOptions = options
  const settings = (window as unknown as HappyDomWindow).happyDOM?.settings
  if (settings === undefined) throw new Error('The Marketplace fixture needs happy-dom')
  settings.enableJavaScriptEvaluation = true
  try {
    for (const source of scripts) {
      const script = document.createElement('script')
      script.textContent = source.textContent
      document.body.append(script)
    }
  } finally {
    settings.enableJavaScriptEvaluation = false
  }
  const fixture = window.__fixture
  if (fixture === undefined) throw new Error('The Marketplace fixture script did not run')
  return fixture
}

/** Removes the fixture's page and its listeners. */
export function unloadMarketplaceFixture(): void {
  window.__fixture?.destroy()
  window.__fixture = undefined
  window.__fixtureOptions = undefined
  document.body.replaceChildren()
}
