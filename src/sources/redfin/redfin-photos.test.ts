import { describe, expect, it } from 'vitest'
import { largestRedfinPhotoUrl, rentalPhotos } from './redfin-photos.ts'

const BIG = 'https://ssl.cdn-redfin.com/photo/45/bigphoto/384/GD25253384_1_0.jpg'

describe('largestRedfinPhotoUrl', () => {
  it('takes every size of a listing photo to its full-screen JPEG', () => {
    for (const url of [
      'https://ssl.cdn-redfin.com/photo/45/bigphoto/384/GD25253384_1_0.webp',
      'https://ssl.cdn-redfin.com/photo/45/bigphoto/384/GD25253384_1_0.jpg',
      'https://ssl.cdn-redfin.com/photo/45/mbphotov3/384/genMid.GD25253384_1_0.webp',
      'https://ssl.cdn-redfin.com/photo/45/mbpaddedwide/384/genMid.GD25253384_1_0.jpg',
      'https://ssl.cdn-redfin.com/photo/45/mbphoto/384/genMid.GD25253384_1_0.jpg',
      'https://ssl.cdn-redfin.com/photo/45/bcsphoto/384/genBcs.GD25253384_1_0.webp',
      'https://ssl.cdn-redfin.com/photo/45/islphoto/384/genIsl.GD25253384_1_0.jpg',
      'https://ssl.cdn-redfin.com/photo/45/tmbphoto/384/genTmb.GD25253384_1_0.webp?v=2',
    ]) {
      expect(largestRedfinPhotoUrl(url)).toBe(BIG)
    }
  })

  it("takes a rental's photos to their full-screen JPEG too", () => {
    expect(
      largestRedfinPhotoUrl(
        'https://ssl.cdn-redfin.com/photo/rent/a9a361ef-3398-44f8-993c-2375833ff8de/mbphoto/genMid.14_2.jpg',
      ),
    ).toBe(
      'https://ssl.cdn-redfin.com/photo/rent/a9a361ef-3398-44f8-993c-2375833ff8de/bigphoto/14_2.jpg',
    )
  })

  it('keeps other https URLs and drops the rest', () => {
    expect(largestRedfinPhotoUrl('https://example.com/a.jpg')).toBe('https://example.com/a.jpg')
    expect(largestRedfinPhotoUrl('http://ssl.cdn-redfin.com/photo/45/bigphoto/384/x.jpg')).toBe(
      undefined,
    )
  })
})

describe('rentalPhotos', () => {
  it('lists each photo of the ranges, in order', () => {
    expect(
      rentalPhotos('abc-1', [
        { startPos: 0, endPos: 1, version: '2' },
        { startPos: 5, endPos: 5, version: 3 },
      ]),
    ).toEqual([
      'https://ssl.cdn-redfin.com/photo/rent/abc-1/bigphoto/0_2.jpg',
      'https://ssl.cdn-redfin.com/photo/rent/abc-1/bigphoto/1_2.jpg',
      'https://ssl.cdn-redfin.com/photo/rent/abc-1/bigphoto/5_3.jpg',
    ])
  })

  it('ignores ranges it cannot trust', () => {
    expect(rentalPhotos('../x', [{ startPos: 0, endPos: 1, version: '2' }])).toEqual([])
    expect(rentalPhotos('abc', [{ startPos: -1, endPos: 1, version: '2' }])).toEqual([])
    expect(rentalPhotos('abc', [{ startPos: 0, endPos: 1e9, version: '2' }])).toHaveLength(200)
  })
})
