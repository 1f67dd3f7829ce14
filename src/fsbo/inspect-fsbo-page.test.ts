import { describe, expect, it } from 'vitest'
import austinBouldin from '../../tests/fixtures/fsbo/forsalebyowner-listing-austin-bouldin.html?raw'
import austinHouse from '../../tests/fixtures/fsbo/forsalebyowner-listing-austin-house.html?raw'
import austinOakCreek from '../../tests/fixtures/fsbo/forsalebyowner-listing-austin-oak-creek.html?raw'
import austinResults from '../../tests/fixtures/fsbo/forsalebyowner-search-results-austin.html?raw'
import miamiBungalow from '../../tests/fixtures/fsbo/fsbo-com-listing-miami-bungalow.html?raw'
import miamiCondo from '../../tests/fixtures/fsbo/fsbo-com-listing-miami-condo.html?raw'
import miamiHammocks from '../../tests/fixtures/fsbo/fsbo-com-listing-miami-hammocks.html?raw'
import miamiHouse from '../../tests/fixtures/fsbo/fsbo-com-listing-miami-house.html?raw'
import miamiResults from '../../tests/fixtures/fsbo/fsbo-com-search-results-miami.html?raw'
import zillowFsbo from '../../tests/fixtures/fsbo/zillow-fsbo-sf-house.html?raw'
import agentListed from '../../tests/fixtures/zillow/next-data-current-sf-house-for-sale.html?raw'
import { fsboFailureMessage } from './fsbo-failure.ts'
import { leadSourceOfResultsUrl } from './fsbo-sites.ts'
import { fsboListingKey } from './fsbo-site-urls.ts'
import { inspectFsboPage } from './inspect-fsbo-page.ts'
import { parseHtml } from './test-documents.ts'

/** The URL a fixture is meant to be opened at (its header's "Open at:" line). */
function openAt(html: string): string {
  const url = /Open at: (https:\/\/\S+)/.exec(html)?.[1]
  if (!url) throw new Error('the fixture names no URL')
  return url
}

function inspect(html: string) {
  return inspectFsboPage(parseHtml(html), openAt(html))
}

describe('inspectFsboPage', () => {
  it('reads the lead of every FSBO listing fixture the scan visits', () => {
    const leads = [
      miamiHouse,
      miamiCondo,
      miamiHammocks,
      miamiBungalow,
      austinHouse,
      austinBouldin,
      austinOakCreek,
    ].map((html) => {
      const page = inspect(html)
      if (page.kind !== 'listing' || !page.extraction.ok) throw new Error('no lead')
      const { source, source_id, owner_name, phone, email, address, price, beds, baths } =
        page.extraction.lead
      return [source, source_id, owner_name, phone, email, address.street, price, beds, baths]
    })
    expect(leads).toEqual([
      [
        'fsbo_com',
        '546971',
        'José & María Pérez',
        '(305) 555-0199',
        'jm.perez.home@example.com',
        '2150 SW 23rd Ter',
        485000,
        3,
        2,
      ],
      [
        'fsbo_com',
        '546964',
        'Walter Gómez',
        '(786) 555-0134',
        null,
        '700 NE 26th Terr #804',
        359000,
        2,
        2,
      ],
      [
        'fsbo_com',
        '546957',
        'Linda Cho',
        '(305) 555-0177',
        'linda.cho.fsbo@example.com',
        '9811 SW 142nd Ave',
        612500,
        4,
        3,
      ],
      ['fsbo_com', '546950', 'Marcus Bell', '(305) 555-0112', null, '1420 NW 7th St', 299000, 2, 1],
      [
        'forsalebyowner_com',
        '6543f2a9c1b8e70012ab34cd',
        'Priya Raman',
        '512-555-0163',
        null,
        '4812 Maple Grove Ln',
        429900,
        4,
        2.5,
      ],
      [
        'forsalebyowner_com',
        '6543f2a9c1b8e70012ab9911',
        'Tom Becker',
        '512-555-0188',
        null,
        '1007 W Mary St',
        689000,
        3,
        2,
      ],
      [
        'forsalebyowner_com',
        '65f0aa01d2c3e40019cd7788',
        'Alicia Moreno',
        '512-555-0121',
        null,
        '3300 Oak Creek Dr',
        515000,
        4,
        3,
      ],
    ])
  })

  it('lists a results page’s listings, each of which has a fixture', () => {
    const miami = inspect(miamiResults)
    expect(miami).toMatchObject({ kind: 'results', site: 'FSBO.com' })
    const austin = inspect(austinResults)
    expect(austin).toMatchObject({ kind: 'results', site: 'ForSaleByOwner.com' })
    const listingKeys = [miamiHouse, miamiCondo, miamiHammocks, miamiBungalow]
      .concat([austinHouse, austinBouldin, austinOakCreek])
      .map((html) => fsboListingKey(openAt(html)))
    const linked = [miami, austin].flatMap((page) => (page.kind === 'results' ? page.links : []))
    expect(linked.map(fsboListingKey).sort()).toEqual([...listingKeys].sort())
  })

  it('reads a Zillow FSBO listing’s lead, and says when a Zillow home is an agent’s', () => {
    const fsbo = inspect(zillowFsbo)
    expect(fsbo.kind === 'listing' && fsbo.extraction.ok && fsbo.extraction.lead.owner_name).toBe(
      "Dana O'Neil",
    )
    const agent = inspectFsboPage(parseHtml(agentListed), openAt(zillowFsbo))
    expect(agent).toMatchObject({ kind: 'listing', extraction: { ok: false, reason: 'not-fsbo' } })
  })

  it('says a results page behind a bot check is blocked', () => {
    const challenge = parseHtml('<title>Just a moment...</title><form id="challenge-form"></form>')
    expect(inspectFsboPage(challenge, openAt(austinResults))).toEqual({
      kind: 'blocked',
      pageUrl: openAt(austinResults),
      site: 'ForSaleByOwner.com',
      message: fsboFailureMessage('bot-check', 'ForSaleByOwner.com'),
    })
  })

  it('has nothing to offer on other pages', () => {
    const doc = parseHtml(miamiResults)
    expect(inspectFsboPage(doc, 'https://fsbo.com/contact-us')).toEqual({ kind: 'other' })
    expect(inspectFsboPage(doc, 'https://example.com/listings/search/results/')).toEqual({
      kind: 'other',
    })
  })
})

describe('FSBO URLs', () => {
  it('keys a listing by site and id, whatever the host spelling or slug', () => {
    expect(fsboListingKey('https://www.fsbo.com/listings/listings/show/id/546950/?ref=x')).toBe(
      'fsbo_com:546950',
    )
    expect(fsboListingKey('https://fsbo.com/listings/listings/show/id/546950')).toBe(
      'fsbo_com:546950',
    )
    expect(
      fsboListingKey('https://www.forsalebyowner.com/listing/_/65f0aa01d2c3e40019cd7788'),
    ).toBe('forsalebyowner_com:65f0aa01d2c3e40019cd7788')
    expect(fsboListingKey('https://fsbo.com/listings/search/results/')).toBeNull()
  })

  it('knows the results pages', () => {
    expect(
      leadSourceOfResultsUrl('https://fsbo.com/listings/search/results/?searchQuery=Miami'),
    ).toBe('fsbo_com')
    expect(leadSourceOfResultsUrl('https://www.forsalebyowner.com/search/list/austin-texas')).toBe(
      'forsalebyowner_com',
    )
    expect(leadSourceOfResultsUrl('https://www.forsalebyowner.com/listing/a/b')).toBeNull()
    expect(leadSourceOfResultsUrl('https://example.com/search/list/austin-texas')).toBeNull()
  })
})
