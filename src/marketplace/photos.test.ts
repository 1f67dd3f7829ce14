import { describe, expect, test } from 'vitest'
import { attachPhotos, toFile } from './photos.ts'

describe('toFile', () => {
  test('bytes, base64 (what runtime messages carry) and Files all become named Files', async () => {
    const bytes = toFile(
      { name: 'a.jpg', type: 'image/jpeg', bytes: new Uint8Array([1, 2, 3]).buffer },
      window,
    )
    const base64 = toFile({ name: 'b.png', type: 'image/png', base64: btoa('\x01\x02') }, window)
    const file = toFile(new File([new Uint8Array([9])], 'c.webp', { type: 'image/webp' }), window)
    expect([bytes.name, bytes.type, bytes.size]).toEqual(['a.jpg', 'image/jpeg', 3])
    expect([base64.name, base64.type]).toEqual(['b.png', 'image/png'])
    expect(Array.from(new Uint8Array(await base64.arrayBuffer()))).toEqual([1, 2])
    expect([file.name, file.type, file.size]).toEqual(['c.webp', 'image/webp', 1])
    for (const made of [bytes, base64, file]) expect(made).toBeInstanceOf(File)
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
