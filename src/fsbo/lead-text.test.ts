import { describe, expect, it } from 'vitest'
import { emailIn, phoneAsShown, textFromData } from './lead-text.ts'
import { parseAddressLines } from './parse-address-lines.ts'

describe('lead text helpers', () => {
  it('decodes character references in data text', () => {
    expect(textFromData('Jos&eacute; &amp; Mar&#237;a  O&#39;Neil ')).toBe("José & María O'Neil")
    expect(textFromData('  ')).toBe(null)
  })

  it('keeps a phone as shown and refuses text that is not one', () => {
    expect(phoneAsShown('Call (305) 555-0199 today')).toBe('(305) 555-0199')
    expect(phoneAsShown('+1 512.555.0163')).toBe('+1 512.555.0163')
    expect(phoneAsShown('Lot 12')).toBe(null)
  })

  it('reads an e-mail from a mailto link, query dropped, domain lower-cased', () => {
    expect(emailIn('mailto:Ann.Lee@Example.COM?subject=Hi%20there')).toBe('Ann.Lee@example.com')
    expect(emailIn('mailto:ann%40example.com')).toBe('ann@example.com')
    expect(emailIn('no address here')).toBe(null)
  })

  it('splits printed addresses into street, city, state and ZIP', () => {
    expect(parseAddressLines(['700 NE 26th Terr #804', 'Miami, FL 33137'])).toEqual({
      street: '700 NE 26th Terr #804',
      city: 'Miami',
      state: 'FL',
      zip: '33137',
    })
    expect(parseAddressLines(['12 Elm St, Unit 4, Ames, IA 50010-1234'])).toEqual({
      street: '12 Elm St, Unit 4',
      city: 'Ames',
      state: 'IA',
      zip: '50010',
    })
    expect(parseAddressLines(['Somewhere quiet'])).toEqual({
      street: 'Somewhere quiet',
      city: null,
      state: null,
      zip: null,
    })
  })
})
