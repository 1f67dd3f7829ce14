import { parse } from 'csv-parse/sync'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Lead, SaveLeadBody } from '../../api/schemas/leads.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { leadSession } from './testing/lead-session.ts'
import { insertLeads } from './testing/many-leads.ts'
import { sampleLead } from './testing/sample-lead.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

type Session = Awaited<ReturnType<typeof leadSession>>

/**
 * An independent RFC 4180 reader (csv-parse), strict: records end with CRLF only, quotes only
 * around whole fields, every record as wide as the header.
 */
function parseCsv(text: string): string[][] {
  return parse(text, { record_delimiter: '\r\n', relax_quotes: false, relax_column_count: false })
}

async function save(user: Session, payload: SaveLeadBody): Promise<Lead> {
  t.clock.advance(10)
  const res = await t.api({ method: 'POST', url: '/leads', headers: user.headers, payload })
  return (res.json().data as { lead: Lead }).lead
}

async function exportCsv(user: Session, query = '') {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/leads/export.csv${query}`,
    headers: user.headers,
  })
}

async function exportPost(user: Session, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/leads/export.csv',
    headers: user.headers,
    payload,
  })
}

const HEADER = [
  'Owner Name',
  'Phone',
  'Email',
  'Street',
  'City',
  'State',
  'ZIP',
  'Price',
  'Beds',
  'Baths',
  'Sq Ft',
  'Days on Market',
  'Listing URL',
  'Source',
  'Status',
  'Do Not Call',
  'Notes',
  'Saved At',
]

describe('GET and POST /leads/export.csv', () => {
  it('is RFC 4180, UTF-8 with BOM, and reads back as exactly the leads', async () => {
    const user = await leadSession(t)
    const jose = await save(
      user,
      sampleLead({
        source_id: '1',
        owner_name: 'José Núñez',
        address: { street: '12 "Old" Mill Rd, Unit 4', city: 'São Paulo', state: 'TX', zip: null },
      }),
    )
    const pat = await save(
      user,
      sampleLead({
        source: 'zillow_fsbo',
        source_id: '2',
        owner_name: 'Pat, "The Owner"',
        phone: '2145550188',
        email: null,
        price: null,
        baths: 1,
        address: { street: '9 Oak Ave', city: 'Dallas', state: 'TX', zip: '75201' },
      }),
    )
    await t.api({
      method: 'POST',
      url: '/leads/update',
      headers: user.headers,
      payload: {
        lead_id: pat._id,
        status: 'do_not_call',
        notes: 'Asked not to be called.\r\nLine 2\nLine 3',
      },
    })

    const res = await exportCsv(user)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="fsbo-leads-/)
    const bytes = res.rawPayload
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
    expect(text.startsWith('\uFEFF')).toBe(true)
    expect(text.endsWith('\r\n')).toBe(true)

    const rows = parseCsv(text.slice(1))
    expect(rows[0]).toEqual(HEADER)
    expect(rows.slice(1)).toEqual([
      [
        'Pat, "The Owner"',
        '+12145550188',
        '',
        '9 Oak Ave',
        'Dallas',
        'TX',
        '75201',
        '',
        '3',
        '1',
        '1840',
        '12',
        'https://fsbo.com/listings/listings/show/id/512345/',
        'Zillow (FSBO)',
        'Do not call',
        'Yes',
        'Asked not to be called.\r\nLine 2\nLine 3',
        pat.created_at,
      ],
      [
        'José Núñez',
        '+15125550142',
        'maria.lopez@example.com',
        '12 "Old" Mill Rd, Unit 4',
        'São Paulo',
        'TX',
        '',
        '465000',
        '3',
        '2.5',
        '1840',
        '12',
        'https://fsbo.com/listings/listings/show/id/512345/',
        'FSBO.com',
        'New',
        'No',
        '',
        jose.created_at,
      ],
    ])
    // Quoted exactly where RFC 4180 needs it.
    expect(text).toContain('"Pat, ""The Owner"""')
  })

  it('neutralises spreadsheet formulas but leaves numbers alone', async () => {
    const user = await leadSession(t)
    const lead = await save(
      user,
      sampleLead({ owner_name: '=HYPERLINK("http://evil.example","Click")' }),
    )
    await t.api({
      method: 'POST',
      url: '/leads/update',
      headers: user.headers,
      payload: { lead_id: lead._id, notes: '@SUM(A1:A9)' },
    })
    const other = await save(
      user,
      sampleLead({
        source_id: '2',
        owner_name: '-2+3',
        phone: null,
        address: { street: '+1 Cmd|calc', city: 'Austin', state: 'TX', zip: null },
      }),
    )
    expect(other.owner_name).toBe('-2+3')
    const rows = parseCsv((await exportCsv(user)).body.slice(1))
    const byPhone = new Map(rows.slice(1).map((r) => [r[0], r]))
    const evil = byPhone.get('\'=HYPERLINK("http://evil.example","Click")')
    expect(evil?.[16]).toBe("'@SUM(A1:A9)")
    expect(evil?.[1]).toBe('+15125550142')
    const minus = byPhone.get("'-2+3")
    expect(minus?.[3]).toBe("'+1 Cmd|calc")
  })

  it('exports the selected ids or the filtered leads, only the caller’s', async () => {
    const user = await leadSession(t)
    const other = await leadSession(t)
    const a = await save(user, sampleLead({ source_id: '1', owner_name: 'Alpha' }))
    await save(user, sampleLead({ source_id: '2', owner_name: 'Beta', phone: '5125550111' }))
    const c = await save(
      user,
      sampleLead({ source: 'zillow_fsbo', source_id: '3', owner_name: 'Gamma', phone: null }),
    )
    const theirs = await save(other, sampleLead({ owner_name: 'Not yours' }))
    const names = (res: { body: string }) =>
      parseCsv(res.body.slice(1))
        .slice(1)
        .map((r) => r[0])
    const namesOf = async (query: string) => names(await exportCsv(user, query))
    expect(await namesOf('')).toEqual(['Gamma', 'Beta', 'Alpha'])
    expect(await namesOf('?source=zillow_fsbo')).toEqual(['Gamma'])
    expect(await namesOf('?q=beta')).toEqual(['Beta'])
    // A selection goes in a POST body; someone else's id is left out.
    const selected = await exportPost(user, { ids: [a._id, c._id, theirs._id, a._id] })
    expect(selected.statusCode).toBe(200)
    expect(selected.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(names(selected)).toEqual(['Gamma', 'Alpha'])
    expect(names(await exportPost(user, { q: 'beta' }))).toEqual(['Beta'])
    expect(names(await exportPost(user, { ids: [a._id, c._id], source: 'fsbo_com' }))).toEqual([
      'Alpha',
    ])
    // GET takes no selection: links carry filters only.
    const byGet = await exportCsv(user, `?ids=${a._id}`)
    expect(byGet.statusCode).toBe(400)
    expect(byGet.json()).toMatchObject({ errors: { fields: { ids: 'Unknown field: ids' } } })
  })

  it('exports a selection of a thousand leads (too many for a URL), and no more', async () => {
    const user = await leadSession(t)
    const ids = await insertLeads(t, user.userId, 1001)
    // A thousand ids are about 37 KB: more than Node takes in request headers (16 KiB).
    expect(JSON.stringify(ids).length).toBeGreaterThan(16 * 1024)
    const res = await exportPost(user, { ids: ids.slice(0, 1000) })
    expect(res.statusCode).toBe(200)
    expect(parseCsv(res.body.slice(1))).toHaveLength(1001)
    const tooMany = await exportPost(user, { ids })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json()).toMatchObject({
      status: 'error',
      message: 'Select at most 1,000 leads at once',
    })
  })

  it('fails in the envelope without a login or with a bad filter', async () => {
    const user = await leadSession(t)
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/leads/export.csv' })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toMatchObject({
      status: 'error',
      message: 'Please log in to continue.',
    })
    const bad = await exportCsv(user, '?status=hot')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({
      status: 'error',
      errors: { fields: { status: 'Unknown status' } },
    })
    const anonymousPost = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leads/export.csv',
      payload: {},
    })
    expect(anonymousPost.statusCode).toBe(401)
    const badPost = await exportPost(user, { ids: 'a,b' })
    expect(badPost.statusCode).toBe(400)
    expect(badPost.json()).toMatchObject({
      status: 'error',
      errors: { fields: { ids: 'ids must be a list of lead ids' } },
    })
  })
})
