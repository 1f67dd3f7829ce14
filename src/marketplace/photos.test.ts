import { describe, expect, test } from 'vitest'
import { attachPhotos, toFile } from './photos.ts'

describe('toFile', () => {
  test('bytes, base64 (what runtime messages carry) and Blobs all become named Files', async () => {
    const bytes = toFile(
      { name: 'a.jpg', type: 'image/jpeg', bytes: new Uint8Array([1, 2, 3]).buffer },
      0,
      window,
    )
    const base64 = toFile({ name: 'b.png', type: 'image/png', base64: btoa('\x01\x02') }, 1, window)
    const blob = toFile(new Blob([new Uint8Array([9])], { type: 'image/webp' }), 2, window)
    expect([bytes.name, bytes.type, bytes.size]).toEqual(['a.jpg', 'image/jpeg', 3])
    expect([base64.name, base64.type]).toEqual(['b.png', 'image/png'])
    expect(Array.from(new Uint8Array(await base64.arrayBuffer()))).toEqual([1, 2])
    expect([blob.name, blob.type, blob.size]).toEqual(['photo-03.webp', 'image/webp', 1])
    for (const file of [bytes, base64, blob]) expect(file).toBeInstanceOf(File)
  })
})

describe('attachPhotos', () => {
  test('puts the Files on the input and tells the page with bubbling input and change', () => {
    const input = document.createElement('input')
    input.type = 'file'
    input.multiple = true
    document.body.append(input)
    const events: string[] = []
    document.body.addEventListener('input', () => events.push('input'))
    document.body.addEventListener('change', () => {
      events.push(`change:${String(input.files?.length)}`)
    })
    const files = Array.from(
      { length: 20 },
      (_, i) => new File([`${i}`], `p${i}.jpg`, { type: 'image/jpeg' }),
    )

    expect(attachPhotos(input, files)).toBe(true)
    expect(Array.from(input.files ?? [], (file) => file.name)).toEqual(files.map((f) => f.name))
    expect(events).toEqual(['input', 'change:20'])
  })
})
