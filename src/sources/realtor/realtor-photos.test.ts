import { describe, expect, it } from 'vitest'
import { galleryPhotoUrls, largestRealtorPhotoUrl, realtorPhotoIdentity } from './realtor-photos.ts'

const HASH = '132d56bb4259d8a3f157f650dbbc314d'
const LARGEST = `https://ap.rdcpix.com/${HASH}l-m1594155027rd-w2048_h1536.jpg`

describe('Realtor.com photo URLs', () => {
  it('turns every size of a photo into the largest JPEG', () => {
    for (const size of [
      's.jpg',
      'od.jpg',
      'rd-w960_h720.webp',
      'rd-w480_h360.jpg',
      'od-w480_h360_x2.webp',
      's-w1024_h768.jpg',
      'rd-w2048_h1536.jpg',
    ]) {
      expect(
        largestRealtorPhotoUrl(`https://ap.rdcpix.com/${HASH}l-m1594155027${size}`),
        size,
      ).toBe(LARGEST)
    }
    expect(largestRealtorPhotoUrl(`http://ap.rdcpix.com/${HASH}l-m1594155027s.jpg`)).toBe(LARGEST)
    expect(
      largestRealtorPhotoUrl(`https://ap.rdcpix.com/${HASH}l-m1594155027s.jpg?w=640&q=75`),
    ).toBe(LARGEST)
  })

  it('keeps URLs of the older scheme and of other hosts as given (https for rdcpix)', () => {
    const older =
      'https://ap.rdcpix.com/1181386804/6af1cc185beff7ea3b6e5804e4b18854l-m0xd-w1020_h770_q80.jpg'
    expect(largestRealtorPhotoUrl(older)).toBe(older)
    expect(largestRealtorPhotoUrl(older.replace('https:', 'http:'))).toBe(older)
    expect(largestRealtorPhotoUrl('https://example.com/a.jpg')).toBe('https://example.com/a.jpg')
  })

  it('knows one photo at any size, in either scheme', () => {
    expect(realtorPhotoIdentity(`https://ap.rdcpix.com/${HASH}l-m1594155027s.jpg`)).toBe(
      realtorPhotoIdentity(`https://ap.rdcpix.com/${HASH}l-m1594155027od-w480_h360_x2.webp`),
    )
    expect(
      realtorPhotoIdentity(
        'https://ap.rdcpix.com/1181386804/6af1cc185beff7ea3b6e5804e4b18854l-m0xd-w1020_h770_q80.jpg',
      ),
    ).toBe(
      realtorPhotoIdentity(
        'https://ap.rdcpix.com/1181386804/6af1cc185beff7ea3b6e5804e4b18854l-m0xd-w640_h480_q80.jpg',
      ),
    )
  })

  it('gives the gallery in order, each photo once, https only', () => {
    expect(
      galleryPhotoUrls([
        `https://ap.rdcpix.com/${HASH}l-m1594155027od-w1024_h768.jpg`,
        `https://ap.rdcpix.com/${HASH}l-m905340585s.jpg`,
        `https://ap.rdcpix.com/${HASH}l-m1594155027s.jpg`,
        'ftp://example.com/a.jpg',
        `https://ap.rdcpix.com/${HASH}l-m1793590669rd-w960_h720.webp`,
      ]),
    ).toEqual([
      LARGEST,
      `https://ap.rdcpix.com/${HASH}l-m905340585rd-w2048_h1536.jpg`,
      `https://ap.rdcpix.com/${HASH}l-m1793590669rd-w2048_h1536.jpg`,
    ])
  })
})
