import { describe, expect, it } from 'vitest'
import { testimonials } from './testimonials.ts'

/** National franchises and portals an agent would recognise: a sample must not borrow their names. */
const realCompanies = [
  'Keller Williams',
  'RE/MAX',
  'REMAX',
  'Coldwell Banker',
  'Century 21',
  'Compass',
  'eXp',
  'Berkshire Hathaway',
  "Sotheby's",
  'Douglas Elliman',
  'Howard Hanna',
  'Better Homes and Gardens',
  'Realty ONE',
  'HomeSmart',
  'Weichert',
  'ERA Real Estate',
  'Redfin',
  'Zillow',
]

describe('sample testimonials', () => {
  it.each(testimonials.map((t) => [t.name, t] as const))(
    '%s names no real brokerage or portal',
    (_name, testimonial) => {
      const text = `${testimonial.role} ${testimonial.review}`
      for (const company of realCompanies) {
        const escaped = company.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
        expect(text).not.toMatch(new RegExp(`\\b${escaped}\\b`, 'i'))
      }
    },
  )
})
