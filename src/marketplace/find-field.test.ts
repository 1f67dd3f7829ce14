import { beforeEach, describe, expect, test } from 'vitest'
import { controlAt, findField, findLabelElements, findPhotoInput, labelNear } from './find-field.ts'

function page(html: string) {
  // Test markup of our own; the filler itself never uses innerHTML.
  document.body.innerHTML = html
}

beforeEach(() => {
  document.body.replaceChildren()
})

describe('findField', () => {
  test('a span tied by aria-labelledby, ids as Facebook generates them', () => {
    page(
      `<label><div><span id=":r1f:">Price</span></div><div><input aria-labelledby=":r1f:"></div></label>`,
    )
    const field = findField(document, ['Price'])
    expect(field?.kind).toBe('text')
    expect(field?.element).toBe(document.querySelector('input'))
  })

  test('a <label for>', () => {
    page(`<label for="beds">Number of bedrooms</label><div><input id="beds"></div>`)
    expect(findField(document, ['Number of bedrooms'])?.element).toBe(
      document.querySelector('#beds'),
    )
  })

  test('a combobox that holds its own label', () => {
    page(
      `<label role="combobox" aria-labelledby="a"><span id="a">Laundry type</span><span></span></label>`,
    )
    const field = findField(document, ['Laundry type'])
    expect(field?.kind).toBe('combobox')
    expect(field?.element).toBe(document.querySelector('[role=combobox]'))
  })

  test('nothing ties them: the one control of the nearest container', () => {
    page(`<div><div><span>Square feet</span></div><div><input class="sq"></div></div>
          <div><div><span>Bedrooms</span></div><div><input class="beds"></div></div>`)
    expect(findField(document, ['Square feet'])?.element).toBe(document.querySelector('.sq'))
  })

  test('a tied label wins over the same text next to another control', () => {
    // The preview pane comes first and shows "Price" beside its message box.
    page(`<aside><div><span>Price</span><input class="message" placeholder="Send a message"></div></aside>
          <form><label><span id=":r9:">Price</span><input class="price" aria-labelledby=":r9:"></label></form>`)
    expect(findField(document, ['Price'])?.element).toBe(document.querySelector('.price'))
  })

  test('a control another label names is not taken; nor is one of several', () => {
    page(`<div><span>Price</span><span id="x">Message</span><input aria-labelledby="x"></div>`)
    expect(findField(document, ['Price'])).toBeNull()
    page(`<div><span>Price</span><input><input></div>`)
    expect(findField(document, ['Price'])).toBeNull()
  })

  test('matching ignores case, spacing, a required marker; options and hidden parts are not labels', () => {
    page(`<div role="listbox"><div role="option"><span>Heating type</span></div></div>
          <div hidden><span id="h">Heating type</span></div><input aria-labelledby="h">
          <label><span id="v">  heating   TYPE * </span><input aria-labelledby="v" class="ok"></label>`)
    expect(findLabelElements(document, ['Heating type'])).toHaveLength(1)
    expect(findField(document, ['Heating type'])?.element).toBe(document.querySelector('.ok'))
  })
})

describe('findPhotoInput', () => {
  test('the hidden image input next to the photos label', () => {
    page(`<div><input type="file" accept=".pdf" class="doc"></div>
          <div><div role="button"><span>Add photos</span></div>
          <input type="file" accept="image/*,image/heif" multiple style="display:none" class="photos"></div>`)
    expect(findPhotoInput(document, ['Add photos'])).toBe(document.querySelector('.photos'))
  })

  test('else the only image input of the page', () => {
    page(`<input type="file" accept="image/*" class="only">`)
    expect(findPhotoInput(document, ['Add photos'])).toBe(document.querySelector('.only'))
  })
})

describe('labelNear and controlAt (teach mode)', () => {
  test('the aria-labelledby text, else the wrapping label’s own text, else the text before it', () => {
    page(`<label><div><span id="b">How many bedrooms</span></div><div><input class="a"></div></label>
      <label><span>Square footage</span> <input class="b"></label>
      <div><div><span>Monthly rent</span></div><div><div><input class="c"></div></div></div>
      <div><input class="d"></div>`)
    const [a, b, c, d] = ['.a', '.b', '.c', '.d'].map((s) => document.querySelector(s))
    a?.setAttribute('aria-labelledby', 'b')
    expect(a && labelNear(a)).toBe('How many bedrooms')
    expect(b && labelNear(b)).toBe('Square footage')
    expect(c && labelNear(c)).toBe('Monthly rent')
    expect(d && labelNear(d)).toBeNull()
    // Each leads back to its control: what later fills find by it.
    expect(findField(document, ['Monthly rent'])?.element).toBe(c)
  })

  test('a click on a control, inside one or on its label’s text; nothing else', () => {
    page(`<label><span class="t">Price</span><input class="p"></label>
      <label role="combobox"><span class="in">Laundry</span></label>
      <input type="file" class="f"><h1>Title</h1>`)
    const at = (s: string) => controlAt(document.querySelector(s))
    expect(at('.p')).toBe(document.querySelector('.p'))
    expect(at('.t')).toBe(document.querySelector('.p'))
    expect(at('.in')).toBe(document.querySelector('[role=combobox]'))
    expect(at('.f')).toBeNull()
    expect(at('h1')).toBeNull()
  })
})
