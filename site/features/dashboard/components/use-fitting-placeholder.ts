import { useLayoutEffect, useState, type RefObject } from 'react'

/**
 * The first of `placeholders` (longest first) that fits the input's text box in the input's own
 * font, measured again whenever the field changes width: a narrow field shows a shorter hint
 * rather than a cut one, and the shortest when none fits. Where layout cannot be measured (no
 * ResizeObserver or canvas, as in tests' DOM) it is the first.
 */
export function useFittingPlaceholder(
  input: RefObject<HTMLInputElement | null>,
  placeholders: readonly string[],
): string {
  const [index, setIndex] = useState(0)

  useLayoutEffect(() => {
    const field = input.current
    if (!field || typeof ResizeObserver === 'undefined') return
    const context = document.createElement('canvas').getContext('2d')
    if (!context) return
    let active = true
    function choose() {
      if (!active || !field || !context) return
      const style = getComputedStyle(field)
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const room =
        field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      const fitting = placeholders.findIndex((text) => context.measureText(text).width <= room)
      setIndex(fitting === -1 ? placeholders.length - 1 : fitting)
    }
    choose()
    const observer = new ResizeObserver(choose)
    observer.observe(field)
    // The web font may arrive after the first measure, and is wider or narrower than its stand-in.
    void document.fonts.ready.then(choose)
    return () => {
      active = false
      observer.disconnect()
    }
  }, [input, placeholders])

  return placeholders[index] ?? placeholders[0] ?? ''
}
