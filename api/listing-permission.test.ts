import { describe, expect, it } from 'vitest'
import {
  brokerageKey,
  isOwnListing,
  listingPermission,
  PERMISSION_REQUIRED_MESSAGE,
  sameBrokerage,
  samePerson,
} from './listing-permission.ts'

describe('samePerson', () => {
  it.each([
    ['Jane Smith', 'jane smith', 'case'],
    ['JANE SMITH', 'Jane Smith', 'upper case'],
    ['  Jane   Smith ', 'Jane Smith', 'spaces'],
    ['José García', 'Jose Garcia', 'accents'],
    ['Zoë Brontë', 'ZOE BRONTE', 'accents and case'],
    ["Pat O'Brien", 'Pat OBrien', 'an apostrophe inside a name'],
    ['Pat O’Brien', "Pat O'Brien", 'a typographic apostrophe'],
    ['Jane Quinn Smith', 'Jane Smith', 'a middle name'],
    ['Jane Q. Smith', 'Jane Smith', 'a middle initial'],
    ['J. Smith', 'Jane Smith', 'a first initial'],
    ['J Smith', 'Jane Quinn Smith', 'a first initial without a period, and a middle name'],
    ['J.Q. Smith', 'Jane Quinn Smith', 'initials run together'],
    ['J.Smith', 'Jane Smith', 'an initial without a space'],
    ['Jane Smith Jr.', 'Jane Smith', 'a generational suffix'],
    ['Jane Smith, III', 'Jane Smith', 'a roman numeral suffix'],
    ['Jane Smith, REALTOR®', 'Jane Smith', 'a professional suffix'],
    ['Jane Smith, Broker/Owner', 'Jane Smith', 'a title after the name'],
    ['Jane Smith, CRS, GRI', 'Jane Smith', 'designations after the name'],
    ['Dr. Jane Smith', 'Jane Smith', 'a title before the name'],
    ['Mary Smith-Jones', 'mary smith jones', 'a hyphen'],
    ['Wong Real Estate Grp', 'wong real estate grp', 'a team name'],
    ['Cher', 'CHER', 'a one-word name'],
  ])('%s is %s (%s)', (a, b) => {
    expect(samePerson(a, b)).toBe(true)
    expect(samePerson(b, a)).toBe(true)
  })

  it.each([
    ['Jane Smith', 'John Smith', 'another first name'],
    ['Jane Smith', 'Jane Smyth', 'another last name'],
    ['K. Smith', 'Jane Smith', 'another initial'],
    ['Ja Smith', 'Jane Smith', 'a shortened first name is not an initial'],
    ['Cher', 'Cher Smith', 'a one-word name against two words'],
    ['Smith', 'Jane Smith', 'a last name alone'],
    ['', '', 'nothing'],
    ['.', '.', 'punctuation only'],
  ])('%s is not %s (%s)', (a, b) => {
    expect(samePerson(a, b)).toBe(false)
    expect(samePerson(b, a)).toBe(false)
  })
})

describe('sameBrokerage', () => {
  it.each([
    ['Acme Realty, Inc.', 'Acme Realty', 'Inc.'],
    ['Acme Realty LLC', 'ACME REALTY', 'LLC and case'],
    ['Acme Realty, L.L.C.', 'Acme Realty', 'L.L.C. with periods'],
    ['Acme Realty Co., Ltd.', 'Acme Realty', 'two company forms'],
    ['The Agency', 'Agency, Inc.', 'a leading "the"'],
    ['Smith & Jones Realty', 'Smith and Jones Realty', '"&" as "and"'],
    ['Réalité Immobilier', 'Realite Immobilier', 'accents'],
    ['RE/MAX Gold', 'REMAX Gold', 'a slash'],
    ['Berkshire Hathaway HomeServices', 'Berkshire Hathaway Home Services', 'spacing'],
    ['Sotheby’s International Realty', "Sotheby's International Realty", 'apostrophes'],
    ['KW Advisors', 'kw advisors', 'case'],
  ])('%s is %s (%s)', (a, b) => {
    expect(sameBrokerage(a, b)).toBe(true)
    expect(sameBrokerage(b, a)).toBe(true)
  })

  it.each([
    ['Acme Realty', 'Acme Homes', 'another name'],
    ['Keller Williams Realty', 'Keller Williams', 'a missing word'],
    ['Compass', 'Compass West', 'a longer name'],
    ['Inc.', 'LLC', 'company forms alone'],
    ['', '', 'nothing'],
    ['—', '—', 'punctuation only'],
  ])('%s is not %s (%s)', (a, b) => {
    expect(sameBrokerage(a, b)).toBe(false)
    expect(sameBrokerage(b, a)).toBe(false)
  })

  it('keeps a company form that is the whole name', () => {
    expect(brokerageKey('Inc.')).toBe('inc')
    expect(brokerageKey('The')).toBe('the')
  })
})

describe('isOwnListing', () => {
  const profile = { listing_name: 'Jane Q. Smith', brokerage: 'Acme Realty, Inc.' }

  it('is the agent’s own when the page names the profile’s agent and brokerage', () => {
    expect(
      isOwnListing(profile, {
        listing_agent: { name: 'JANE SMITH', phone: '555-0100' },
        broker: { name: 'Acme Realty' },
      }),
    ).toBe(true)
  })

  type PageNames = Parameters<typeof isOwnListing>[1]
  it.each<[PageNames, string]>([
    [{ listing_agent: { name: 'John Doe' }, broker: { name: 'Acme Realty' } }, 'another agent'],
    [{ listing_agent: { name: 'Jane Smith' }, broker: { name: 'Compass' } }, 'another brokerage'],
    [{ listing_agent: null, broker: { name: 'Acme Realty' } }, 'no agent on the page'],
    [{ listing_agent: { name: 'Jane Smith' }, broker: null }, 'no brokerage on the page'],
    [{ listing_agent: null, broker: null }, 'neither on the page'],
  ])('is not for %o (%s)', (listing) => {
    expect(isOwnListing(profile, listing)).toBe(false)
  })
})

describe('listingPermission', () => {
  it('takes either basis and refuses anything else with a clear message', () => {
    expect(listingPermission.parse({ basis: 'own_listing' })).toEqual({ basis: 'own_listing' })
    expect(listingPermission.parse({ basis: 'broker_permission' })).toEqual({
      basis: 'broker_permission',
    })
    const wrong = listingPermission.safeParse({ basis: 'yes' })
    expect(wrong.success).toBe(false)
    expect(wrong.error?.issues[0]?.message).toBe(PERMISSION_REQUIRED_MESSAGE)
    expect(listingPermission.safeParse(undefined).error?.issues[0]?.message).toBe(
      PERMISSION_REQUIRED_MESSAGE,
    )
    expect(listingPermission.safeParse({ basis: 'own_listing', extra: 1 }).success).toBe(false)
  })
})
