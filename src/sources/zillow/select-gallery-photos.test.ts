import { describe, expect, it } from 'vitest'
import { photoIdentity, selectGalleryPhotos } from './select-gallery-photos.ts'

const jpeg = (hash: string, width: number) => ({
  url: `https://photos.zillowstatic.com/fp/${hash}-cc_ft_${width}.jpg`,
  width,
})
const webp = (hash: string, width: number) => ({
  url: `https://photos.zillowstatic.com/fp/${hash}-cc_ft_${width}.webp`,
  width,
})

describe('selectGalleryPhotos', () => {
  it('takes the widest JPEG of each photo, whatever the order of its sizes, never a WebP', () => {
    const photos = selectGalleryPhotos({
      responsivePhotos: [
        {
          mixedSources: {
            jpeg: [jpeg('a', 768), jpeg('a', 1536), jpeg('a', 192)],
            webp: [webp('a', 3000)],
          },
        },
        { mixedSources: { jpeg: [jpeg('b', 384), jpeg('b', 960)] } },
      ],
    })
    expect(photos).toEqual([jpeg('a', 1536).url, jpeg('b', 960).url])
  })

  it('keeps gallery order and each photo once', () => {
    const item = (hash: string) => ({ mixedSources: { jpeg: [jpeg(hash, 1536)] } })
    expect(
      selectGalleryPhotos({ responsivePhotos: [item('c'), item('a'), item('c'), item('b')] }),
    ).toEqual([jpeg('c', 1536).url, jpeg('a', 1536).url, jpeg('b', 1536).url])
  })

  it('falls back to `photos`, and to an item’s own JPEG url without sources', () => {
    expect(
      selectGalleryPhotos({
        responsivePhotos: [],
        photos: [
          { url: 'https://photos.zillowstatic.com/fp/d-p_d.jpg' },
          { url: 'https://x.test/e.png' },
        ],
      }),
    ).toEqual(['https://photos.zillowstatic.com/fp/d-p_d.jpg'])
  })

  it('never takes other homes’ photos', () => {
    const otherHome = {
      zpid: 2,
      miniCardPhotos: [{ url: 'https://photos.zillowstatic.com/fp/z-p_c.jpg' }],
    }
    expect(
      selectGalleryPhotos({
        responsivePhotos: [],
        comps: [otherHome],
        nearbyHomes: [otherHome],
        compsCarouselPropertyPhotos: [{ mixedSources: { jpeg: [jpeg('z', 1536)] } }],
      }),
    ).toEqual([])
  })

  it('merges the 2018 aliased size lists into the widest of each photo, in first-seen order', () => {
    const photos = selectGalleryPhotos({
      _photosMain: [{ url: 'https://photos.zillowstatic.com/p_d/ISone.jpg' }],
      _photosSmall: [
        { url: 'https://photos.zillowstatic.com/p_c/ISone.jpg', width: 316 },
        { url: 'https://photos.zillowstatic.com/p_c/IStwo.jpg', width: 316 },
      ],
      _photosLarge: [
        { url: 'https://photos.zillowstatic.com/p_f/ISone.jpg', width: 1025 },
        { url: 'https://photos.zillowstatic.com/p_f/IStwo.jpg', width: 1025 },
      ],
      nearbySales: [{ url: 'https://photos.zillowstatic.com/p_f/ISother.jpg', width: 2000 }],
    })
    expect(photos).toEqual([
      'https://photos.zillowstatic.com/p_f/ISone.jpg',
      'https://photos.zillowstatic.com/p_f/IStwo.jpg',
    ])
  })

  it('identifies a photo across its sizes', () => {
    expect(photoIdentity('https://photos.zillowstatic.com/fp/fc74d9-cc_ft_1536.jpg')).toBe('fc74d9')
    expect(photoIdentity('https://photos.zillowstatic.com/fp/fc74d9-p_d.jpg?x=1')).toBe('fc74d9')
    expect(photoIdentity('https://photos.zillowstatic.com/p_f/ISew9ht5oh3w2p1000000000.jpg')).toBe(
      'ISew9ht5oh3w2p1000000000',
    )
  })
})
