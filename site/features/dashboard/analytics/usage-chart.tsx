import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import {
  busiestDay,
  CALL_KINDS,
  callCount,
  dayLabel,
  kindCounts,
  kindsShown,
  kindSummary,
  minHeightScale,
  weekdayLabel,
  type DailyUsage,
} from './chart-rules.ts'
import styles from './analytics.module.css'

/** Height of the chart (plotting area and day labels) in CSS pixels. */
export const CHART_HEIGHT = 260
/** Room above the busiest bar for its count. */
const TOP_PADDING = 28
const X_AXIS_SIZE = 36
/** uPlot's custom scale (`Scale.Distr.Custom`, a const enum that isolated modules cannot read). */
const CUSTOM_DISTRIBUTION = 100 as unknown as uPlot.Scale.Distr
const FONT = "600 12px Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
const COLORS = { label: '#0f172a', axis: '#475569', base: '#e2e8f0' }
/** A bar takes this share of its day's column, up to BAR_MAX_WIDTH CSS pixels. */
const BAR_WIDTH_SHARE = 0.62
const BAR_MAX_WIDTH = 64
/** The top corners' radius, as a share of the bar's width. */
const BAR_RADIUS_SHARE = 0.2

/** Canvas pixels, rounded to a tenth of a CSS pixel, for the data attributes tests read. */
function cssPixels(canvasPixels: number): number {
  return Math.round((canvasPixels / uPlot.pxRatio) * 10) / 10
}

/**
 * Each day's bar, its kinds stacked bottom to top (listings, leads, calls of unknown kind) in
 * proportion to their counts within the bar's height, the top one with rounded corners, and the
 * day's total above it. Drawn here rather than as uPlot series so that the parts of a bar raised
 * to the minimum height stay in proportion too. Answers each bar's height and each part's, in
 * CSS pixels.
 */
function drawStackedBars(u: uPlot, series: readonly DailyUsage[]) {
  const { ctx } = u
  const ratio = uPlot.pxRatio
  const column = u.valToPos(1, 'x', true) - u.valToPos(0, 'x', true)
  const barWidth = Math.min(column * BAR_WIDTH_SHARE, BAR_MAX_WIDTH * ratio)
  const base = u.valToPos(0, 'y', true)
  const heights: number[] = []
  const parts: number[][] = []
  ctx.save()
  series.forEach((day, i) => {
    const x = u.valToPos(i, 'x', true)
    const top = u.valToPos(day.count, 'y', true)
    const height = day.count > 0 ? base - top : 0
    const counts = kindCounts(day)
    const whole = Math.max(day.count, counts.listings + counts.leads + counts.unrecorded)
    const drawn = CALL_KINDS.filter(({ key }) => counts[key] > 0)
    let bottom = base
    const partHeights = CALL_KINDS.map(({ key }) => {
      const kind = drawn.find((k) => k.key === key)
      if (!kind || whole === 0) return 0
      const part = (height * counts[key]) / whole
      const radius = kind === drawn.at(-1) ? Math.min(barWidth * BAR_RADIUS_SHARE, part) : 0
      ctx.fillStyle = kind.color
      ctx.beginPath()
      ctx.roundRect(x - barWidth / 2, bottom - part, barWidth, part, [radius, radius, 0, 0])
      ctx.fill()
      bottom -= part
      return cssPixels(part)
    })
    heights.push(cssPixels(height))
    parts.push(partHeights)

    // The exact total above the bar.
    ctx.font = FONT.replace('12px', `${12 * ratio}px`)
    ctx.fillStyle = COLORS.label
    ctx.textAlign = 'center'
    ctx.textBaseline = 'bottom'
    ctx.fillText(day.count.toLocaleString('en-US'), x, top - 6 * ratio)
  })
  ctx.restore()
  return { heights, parts }
}

/** The plotting area's height in CSS pixels, once uPlot has laid it out. */
function plotHeightOf(u: uPlot): number {
  return u.bbox.height / uPlot.pxRatio
}

/**
 * The uPlot options of the 7-day bar chart: days on x (by index, labelled with their short
 * weekday), counts on a y scale from 0 to the busiest day whose transform keeps non-zero bars at
 * least MIN_BAR_HEIGHT_PX tall (`minHeightScale`, re-made whenever the plot is resized), each bar
 * split by kind with the exact count written above it, and the count and its kinds in a tooltip
 * on hover.
 */
export function chartOptions(series: readonly DailyUsage[], width: number): uPlot.Options {
  const counts = series.map((d) => d.count)
  const labels = series.map((d) => weekdayLabel(d.date))
  const max = busiestDay(counts)
  let scale = minHeightScale(max, CHART_HEIGHT - TOP_PADDING - X_AXIS_SIZE)
  let tooltip: HTMLDivElement | null = null

  return {
    width,
    height: CHART_HEIGHT,
    padding: [TOP_PADDING, 8, 0, 8],
    legend: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    cursor: {
      x: false,
      y: false,
      points: { show: false },
      drag: { x: false, y: false, setScale: false },
    },
    scales: {
      x: { time: false, range: [-0.5, counts.length - 0.5] },
      y: {
        distr: CUSTOM_DISTRIBUTION,
        fwd: (v) => scale(v),
        // Only the cursor reads values back; it needs no more than the day under it.
        bwd: (v) => v,
        range: () => [0, Math.max(max, 1)],
      },
    },
    axes: [
      {
        size: X_AXIS_SIZE,
        gap: 8,
        font: FONT,
        stroke: COLORS.axis,
        grid: { show: false },
        ticks: { show: false },
        border: { show: true, stroke: COLORS.base, width: 1 },
        splits: () => counts.map((_, i) => i),
        values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
      },
      { show: false },
    ],
    series: [
      {},
      {
        label: 'API calls',
        scale: 'y',
        width: 0,
        // The draw hook paints the stacked bars.
        paths: () => null,
        points: { show: false },
      },
    ],
    hooks: {
      setSize: [
        (u) => {
          scale = minHeightScale(max, plotHeightOf(u))
        },
      ],
      ready: [
        (u) => {
          tooltip = document.createElement('div')
          tooltip.className = styles.tooltip ?? ''
          tooltip.hidden = true
          u.over.appendChild(tooltip)
        },
      ],
      draw: [
        (u) => {
          const { heights, parts } = drawStackedBars(u, series)
          // What was drawn, for tests and debugging: each bar's height in CSS pixels, and each
          // bar's parts (listings/leads/unknown kind).
          u.root.dataset.barHeights = heights.join(',')
          u.root.dataset.barParts = parts.map((p) => p.join('/')).join(',')
        },
      ],
      setCursor: [
        (u) => {
          if (!tooltip) return
          const i = u.cursor.idx
          const day = i === null || i === undefined ? undefined : series[i]
          if (i === null || i === undefined || !day) {
            tooltip.hidden = true
            return
          }
          tooltip.replaceChildren(
            `${dayLabel(day.date)}: ${callCount(day.count)}`,
            document.createElement('br'),
            kindSummary(kindCounts(day)),
          )
          tooltip.hidden = false
          const top = u.valToPos(day.count, 'y')
          const barHeight = u.valToPos(0, 'y') - top
          // Above a short bar (and its count); inside a tall one, where above is off the chart.
          tooltip.dataset.place = barHeight > 60 ? 'inside' : 'above'
          // Centred on the bar, but kept inside the plot (the edge bars of a phone-wide chart).
          const half = tooltip.offsetWidth / 2
          const x = u.valToPos(i, 'x')
          const left = Math.min(Math.max(x, half), Math.max(half, u.over.clientWidth - half))
          tooltip.style.left = `${left}px`
          tooltip.style.top = `${top}px`
        },
      ],
    },
  }
}

/**
 * The 7-day bar chart, drawn by uPlot on a canvas, each day's bar split by kind, with a legend.
 * The canvas is hidden from assistive technology; the same numbers are in a table for it (and for
 * anyone without the chart).
 */
export function UsageChart({ series }: { series: readonly DailyUsage[] }) {
  const container = useRef<HTMLDivElement>(null)
  const kinds = kindsShown(series)

  useEffect(() => {
    const element = container.current
    if (!element) return
    const width = () => Math.max(element.clientWidth, 240)
    const counts = series.map((d) => d.count)
    const chart = new uPlot(
      chartOptions(series, width()),
      [series.map((_, i) => i), counts],
      element,
    )
    let observer: ResizeObserver | undefined
    if (typeof ResizeObserver !== 'undefined') {
      observer = new ResizeObserver(() => {
        if (width() !== chart.width) chart.setSize({ width: width(), height: CHART_HEIGHT })
      })
      observer.observe(element)
    }
    return () => {
      observer?.disconnect()
      chart.destroy()
    }
  }, [series])

  return (
    <div>
      <ul className={styles.legend} aria-hidden="true" data-chart-legend="">
        {kinds.map((kind) => (
          <li key={kind.key}>
            <span className={styles.swatch} style={{ background: kind.color }} />
            {kind.label}
          </li>
        ))}
      </ul>
      <div ref={container} className={styles.chart} aria-hidden="true" data-usage-chart="" />
      {/* In a box: a table is never narrower than its columns, whatever its width says. */}
      <div className="sr-only">
        <table>
          <caption>API calls per day by kind, last 7 days (UTC)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {kinds.map((kind) => (
                <th key={kind.key} scope="col">
                  {kind.label}
                </th>
              ))}
              <th scope="col">All API calls</th>
            </tr>
          </thead>
          <tbody>
            {series.map((d) => {
              const counts = kindCounts(d)
              return (
                <tr key={d.date}>
                  <th scope="row">{dayLabel(d.date)}</th>
                  {kinds.map((kind) => (
                    <td key={kind.key}>{counts[kind.key].toLocaleString('en-US')}</td>
                  ))}
                  <td>{d.count.toLocaleString('en-US')}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </div>
  )
}
