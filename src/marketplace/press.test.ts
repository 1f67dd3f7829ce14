import { beforeEach, expect, test, vi } from 'vitest'
import { ForbiddenPressError, press } from './press.ts'

const NEVER = ['Next', 'Publish']

beforeEach(() => {
  document.body.replaceChildren()
})

test('presses like a mouse: pointer and mouse down/up, then click, all bubbling', () => {
  const option = document.createElement('div')
  option.setAttribute('role', 'option')
  document.body.append(option)
  const seen: string[] = []
  for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
    document.body.addEventListener(type, () => seen.push(type))
  }
  press(option, NEVER)
  expect(seen).toEqual(['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'])
})

test.each([
  ['<div role="button" aria-label="Next"><span>Next</span></div>', 'span'],
  ['<div role="button"><span>Publish</span></div>', 'span'],
  ['<button type="button">publish</button>', 'button'],
  ['<input type="submit" value="Publish">', 'input'],
])('refuses Next and Publish: %s', (html, target) => {
  document.body.innerHTML = html
  const element = document.body.querySelector<HTMLElement>(target)
  if (element === null) throw new Error('no target')
  const clicked = vi.fn()
  document.body.addEventListener('click', clicked)
  document.body.addEventListener('mousedown', clicked)
  expect(() => {
    press(element, NEVER)
  }).toThrow(ForbiddenPressError)
  expect(clicked).not.toHaveBeenCalled()
})
