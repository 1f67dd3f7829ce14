import { describe, expect, it } from 'vitest'
import type { SaveLeadBody } from '../../../../api/schemas/leads.ts'
import zillowFsboPage from '../../../../tests/fixtures/fsbo/zillow-fsbo-sf-house.html?raw'
import botCheckPage from '../../../../tests/fixtures/zillow/perimeterx-bot-check.html?raw'
import agentListedPage from '../../../../tests/fixtures/zillow/next-data-current-sf-house-for-sale.html?raw'
import searchPage from '../../../../tests/fixtures/zillow/search-results-san-francisco.html?raw'
import { isRecord, parseJson, type JsonRecord } from '../../../listing/json-value.ts'
import { extractZillowFsboLead } from './extract-zillow-fsbo-lead.ts'
import type { FsboExtraction } from '../../fsbo-lead.ts'
import { parseHtml } from '../../test-documents.ts'

const SF_URL =
  'https://www.zillow.com/homedetails/661-Lakeview-Ave-San-Francisco-CA-94112/15192198_zpid/'

const SF_LEAD: SaveLeadBody = {
  source: 'zillow_fsbo',
  source_id: '15192198',
  listing_url: SF_URL,
  owner_name: "Dana O'Neil",
  phone: '(415) 555-0142',
  email: null,
  address: { street: '661 Lakeview Ave', city: 'San Francisco', state: 'CA', zip: '94112' },
  price: 850000,
  beds: 2,
  baths: 1,
  living_area_sqft: 900,
  days_on_market: 31,
  photo_url: 'https://photos.zillowstatic.com/fp/fc74d9ea95fb55d5343f731fb0c1bc56-cc_ft_1536.jpg',
}

/** The FSBO page with its property object changed by `edit`. */
function withProperty(edit: (property: JsonRecord) => void): Document {
  const doc = parseHtml(zillowFsboPage)
  const script = doc.getElementById('__NEXT_DATA__')
  const nextData = parseJson(script?.textContent)
  const componentProps = (nextData as { props: { pageProps: { componentProps: JsonRecord } } })
    .props.pageProps.componentProps
  const cache = parseJson(componentProps.gdpClientCache as string) as JsonRecord
  for (const entry of Object.values(cache)) {
    if (isRecord(entry) && isRecord(entry.property)) edit(entry.property)
  }
  componentProps.gdpClientCache = JSON.stringify(cache)
  if (script) script.textContent = JSON.stringify(nextData)
  return doc
}

function leadOf(result: FsboExtraction): SaveLeadBody {
  if (!result.ok) throw new Error(`expected a lead, got ${result.reason}: ${result.message}`)
  return result.lead
}

describe('extractZillowFsboLead', () => {
  it('reads the owner and the home from a Zillow FSBO listing', () => {
    expect(extractZillowFsboLead(parseHtml(zillowFsboPage), SF_URL)).toEqual({
      ok: true,
      lead: SF_LEAD,
    })
  })

  it('drops the query and fragment from the listing URL', () => {
    const lead = leadOf(
      extractZillowFsboLead(parseHtml(zillowFsboPage), `${SF_URL}?rtoken=x#photos`),
    )
    expect(lead.listing_url).toBe(SF_URL)
  })

  it('refuses an agent-listed home with a clear message', () => {
    expect(extractZillowFsboLead(parseHtml(agentListedPage), SF_URL)).toEqual({
      ok: false,
      reason: 'not-fsbo',
      message: 'This Zillow listing is listed by an agent, not for sale by owner.',
    })
  })

  it('accepts the older listing_sub_type.is_FSBO flag alone', () => {
    const doc = withProperty((property) => {
      delete property.listingSubType
    })
    expect(leadOf(extractZillowFsboLead(doc, SF_URL)).owner_name).toBe("Dana O'Neil")
  })

  it('is not FSBO when neither flag is true', () => {
    const doc = withProperty((property) => {
      property.listingSubType = { isFSBO: false }
      property.listing_sub_type = { is_FSBO: false }
    })
    expect(extractZillowFsboLead(doc, SF_URL)).toMatchObject({ ok: false, reason: 'not-fsbo' })
  })

  it('takes the owner from listedBy PROPERTY_OWNER before attributionInfo', () => {
    const doc = withProperty((property) => {
      property.attributionInfo = { agentName: 'Someone Else', agentPhoneNumber: '415-555-0000' }
    })
    const lead = leadOf(extractZillowFsboLead(doc, SF_URL))
    expect([lead.owner_name, lead.phone]).toEqual(["Dana O'Neil", '(415) 555-0142'])
  })

  it('falls back to attributionInfo, then contactRecipients, for the owner', () => {
    const fromAttribution = withProperty((property) => {
      delete property.listedBy
      property.attributionInfo = { agentName: 'Sam Lee', agentPhoneNumber: '415-555-0111' }
    })
    expect(leadOf(extractZillowFsboLead(fromAttribution, SF_URL))).toMatchObject({
      owner_name: 'Sam Lee',
      phone: '415-555-0111',
    })
    const fromRecipients = withProperty((property) => {
      delete property.listedBy
      delete property.attributionInfo
      property.contactRecipients = [
        { display_name: 'Ana Ruiz', phone: { areacode: '415', prefix: '555', number: '0177' } },
      ]
    })
    expect(leadOf(extractZillowFsboLead(fromRecipients, SF_URL))).toMatchObject({
      owner_name: 'Ana Ruiz',
      phone: '415-555-0177',
    })
  })

  it('gives phone and e-mail only when the page shows them', () => {
    const noPhone = withProperty((property) => {
      delete property.listedBy
      property.attributionInfo = { agentName: 'Sam Lee', agentPhoneNumber: null }
    })
    expect(leadOf(extractZillowFsboLead(noPhone, SF_URL))).toMatchObject({
      phone: null,
      email: null,
    })
    const withEmail = withProperty((property) => {
      property.attributionInfo = { agentName: 'Sam Lee', agentEmail: 'Sam.Lee@Example.COM' }
    })
    expect(leadOf(extractZillowFsboLead(withEmail, SF_URL)).email).toBe('Sam.Lee@example.com')
  })

  it('says not-a-listing off Zillow, on a search page and without a zpid', () => {
    const doc = parseHtml(zillowFsboPage)
    expect(
      extractZillowFsboLead(doc, 'https://fsbo.com/listings/listings/show/id/1/'),
    ).toMatchObject({ ok: false, reason: 'not-a-listing' })
    expect(extractZillowFsboLead(doc, 'https://www.zillow.com/san-francisco-ca/')).toMatchObject({
      ok: false,
      reason: 'not-a-listing',
    })
    expect(
      extractZillowFsboLead(
        parseHtml(searchPage),
        'https://www.zillow.com/homedetails/x/15192198_zpid/',
      ),
    ).toMatchObject({ ok: false, reason: 'not-a-listing' })
  })

  it('says bot-check on the PerimeterX page', () => {
    expect(extractZillowFsboLead(parseHtml(botCheckPage), SF_URL)).toMatchObject({
      ok: false,
      reason: 'bot-check',
    })
  })

  it("says no-data when the page holds another home's data or none", () => {
    const otherUrl =
      'https://www.zillow.com/homedetails/1016-Munich-St-San-Francisco-CA-94112/15178015_zpid/'
    expect(extractZillowFsboLead(parseHtml(zillowFsboPage), otherUrl)).toMatchObject({
      ok: false,
      reason: 'no-data',
    })
    expect(extractZillowFsboLead(parseHtml('<html><body></body></html>'), SF_URL)).toMatchObject({
      ok: false,
      reason: 'no-data',
    })
  })
})
