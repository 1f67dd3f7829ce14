import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import {
  busiestDay,
  callCount,
  dayLabel,
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
const COLORS = { bar: '#2563eb', label: '#0f172a', axis: '#475569', base: '#e2e8f0' }

/** The plotting area's height in CSS pixels, once uPlot has laid it out. */
function plotHeightOf(u: uPlot): number {
  return u.bbox.height / uPlot.pxRatio
}

/**
 * The uPlot options of the 7-day bar chart: days on x (by index, labelled with their short
 * weekday), counts on a y scale from 0 to the busiest day whose transform keeps non-zero bars at
 * least MIN_BAR_HEIGHT_PX tall (`minHeightScale`, re-made whenever the plot is resized), the exact
 * count written above each bar and shown in a tooltip on hover.
 */
export function chartOptions(series: readonly DailyUsage[], width: number): uPlot.Options {
  const counts = series.map((d) => d.count)
  const labels = series.map((d) => weekdayLabel(d.date))
  const max = busiestDay(counts)
  let scale = minHeightScale(max, CHART_HEIGHT - TOP_PADDING - X_AXIS_SIZE)
  const bars = uPlot.paths.bars
  if (!bars) throw new Error('uPlot has no bar paths')
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
        fill: COLORS.bar,
        stroke: COLORS.bar,
        width: 0,
        paths: bars({ size: [0.62, 64], radius: [0.2, 0] }),
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
          // The exact count above each bar.
          const { ctx } = u
          ctx.save()
          ctx.font = FONT.replace('12px', `${12 * uPlot.pxRatio}px`)
          ctx.fillStyle = COLORS.label
          ctx.textAlign = 'center'
          ctx.textBaseline = 'bottom'
          const heights: number[] = []
          counts.forEach((count, i) => {
            const x = u.valToPos(i, 'x', true)
            const top = u.valToPos(count, 'y', true)
            const base = u.valToPos(0, 'y', true)
            heights.push(Math.round(((base - top) / uPlot.pxRatio) * 10) / 10)
            ctx.fillText(count.toLocaleString('en-US'), x, top - 6 * uPlot.pxRatio)
          })
          ctx.restore()
          // What was drawn, for tests and debugging: each bar's height in CSS pixels.
          u.root.dataset.barHeights = heights.join(',')
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
          tooltip.textContent = `${dayLabel(day.date)}: ${callCount(day.count)}`
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
 * SPEC §2 7-day bar chart, drawn by uPlot on a canvas. The canvas is hidden from assistive
 * technology; the same numbers are in a table for it (and for anyone without the chart).
 */
export function UsageChart({ series }: { series: readonly DailyUsage[] }) {
  const container = useRef<HTMLDivElement>(null)

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
      <div ref={container} className={styles.chart} aria-hidden="true" data-usage-chart="" />
      <table className="sr-only">
        <caption>API calls per day, last 7 days (UTC)</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">API calls</th>
          </tr>
        </thead>
        <tbody>
          {series.map((d) => (
            <tr key={d.date}>
              <th scope="row">{dayLabel(d.date)}</th>
              <td>{d.count.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
