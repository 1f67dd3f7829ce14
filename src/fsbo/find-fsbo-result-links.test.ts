import { describe, expect, it } from 'vitest'
import forSaleByOwnerSearch from '../../tests/fixtures/fsbo/forsalebyowner-search-results-austin.html?raw'
import fsboComSearch from '../../tests/fixtures/fsbo/fsbo-com-search-results-miami.html?raw'
import { findFsboResultLinks } from './find-fsbo-result-links.ts'
import { FSBO_SITES } from './fsbo-sites.ts'
import { parseHtml } from './test-documents.ts'

describe('findFsboResultLinks', () => {
  it('lists the fsbo.com listings of a results page once each, absolute, in order', () => {
    const url = 'https://fsbo.com/listings/search/results/?searchQuery=Miami%2C+FL'
    const { listingId } = FSBO_SITES.fsbo_com
    expect(findFsboResultLinks(parseHtml(fsboComSearch), url, listingId)).toEqual([
      'https://fsbo.com/listings/listings/show/id/546971/',
      'https://fsbo.com/listings/listings/show/id/546964/',
      'https://fsbo.com/listings/listings/show/id/546957',
      'https://www.fsbo.com/listings/listings/show/id/546950/',
    ])
  })

  it('lists the forsalebyowner.com listings once per id, whatever the slug', () => {
    const url = 'https://www.forsalebyowner.com/search/list/austin-texas'
    const { listingId } = FSBO_SITES.forsalebyowner_com
    expect(findFsboResultLinks(parseHtml(forSaleByOwnerSearch), url, listingId)).toEqual([
      'https://www.forsalebyowner.com/listing/4812-Maple-Grove-Ln-Austin-TX-78745/6543f2a9c1b8e70012ab34cd',
      'https://www.forsalebyowner.com/listing/1007-W-Mary-St-Austin-TX-78704/6543f2a9c1b8e70012ab9911',
      'https://www.forsalebyowner.com/listing/3300-Oak-Creek-Dr-Austin-TX-78727/65f0aa01d2c3e40019cd7788',
    ])
  })

  it('takes the listings the given site’s ids name, and no others', () => {
    const url = 'https://www.forsalebyowner.com/search/list/austin-texas'
    const { listingId } = FSBO_SITES.fsbo_com
    expect(findFsboResultLinks(parseHtml(forSaleByOwnerSearch), url, listingId)).toEqual([
      'https://www.fsbo.com/listings/listings/show/id/1/',
    ])
  })
})
