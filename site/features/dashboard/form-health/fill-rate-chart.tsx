import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { dayLabel } from '../analytics/chart-rules.ts'
import { labelledDays, rateLabel, type RateLine } from './health-rules.ts'
import styles from './form-health.module.css'

export const CHART_HEIGHT = 260
const FONT = "600 12px Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
const AXIS = '#475569'
const GRID = '#e2e8f0'
/** The overall line, then one colour per alerted field (dark enough on white, told apart by hue). */
const OVERALL_COLOR = '#0f172a'
const FIELD_COLORS = ['#b91c1c', '#c2410c', '#7e22ce', '#0f766e', '#a16207']

const shortDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
})

function colorOf(index: number): string {
  return index === 0 ? OVERALL_COLOR : (FIELD_COLORS[(index - 1) % FIELD_COLORS.length] ?? AXIS)
}

/**
 * The uPlot options of the daily fill-rate chart: days on x (by index, a few labelled "Jan 6"),
 * 0–100 % on y, one line per RateLine (the overall one dashed, so it is told apart without
 * colour), gaps on days without fills, and the day's rates in a tooltip on hover.
 */
export function rateChartOptions(
  days: readonly string[],
  lines: readonly RateLine[],
  width: number,
): uPlot.Options {
  const ticks = labelledDays(days.length)
  let tooltip: HTMLDivElement | null = null
  return {
    width,
    height: CHART_HEIGHT,
    padding: [12, 12, 0, 0],
    legend: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    cursor: { y: false, drag: { x: false, y: false, setScale: false } },
    scales: {
      x: { time: false, range: [0, Math.max(days.length - 1, 1)] },
      y: { range: [0, 1] },
    },
    axes: [
      {
        font: FONT,
        stroke: AXIS,
        gap: 8,
        grid: { show: false },
        ticks: { show: false },
        splits: () => ticks,
        values: (_u, splits) =>
          splits.map((i) => (days[i] ? shortDay.format(new Date(`${days[i]}T00:00:00Z`)) : '')),
      },
      {
        font: FONT,
        stroke: AXIS,
        size: 52,
        grid: { stroke: GRID, width: 1 },
        ticks: { show: false },
        splits: () => [0, 0.25, 0.5, 0.75, 1],
        values: (_u, splits) => splits.map((v) => `${Math.round(v * 100)}%`),
      },
    ],
    series: [
      {},
      ...lines.map((line, i) => ({
        label: line.name,
        stroke: colorOf(i),
        width: i === 0 ? 2.5 : 2,
        dash: i === 0 ? [6, 4] : undefined,
        spanGaps: false,
        points: { show: days.length <= 31, size: 5 },
        value: (_u: uPlot, v: number | null) => rateLabel(v),
      })),
    ],
    hooks: {
      ready: [
        (u) => {
          tooltip = document.createElement('div')
          tooltip.className = styles.tooltip ?? ''
          tooltip.hidden = true
          u.over.appendChild(tooltip)
        },
      ],
      setCursor: [
        (u) => {
          if (!tooltip) return
          const i = u.cursor.idx
          const day = i === null || i === undefined ? undefined : days[i]
          if (i === null || i === undefined || day === undefined) {
            tooltip.hidden = true
            return
          }
          tooltip.textContent = [
            dayLabel(day),
            ...lines.map((line) => `${line.name}: ${rateLabel(line.rates[i] ?? null)}`),
          ].join('\n')
          tooltip.hidden = false
          // Beside the cursor, on whichever side has room.
          const x = u.valToPos(i, 'x')
          const right = x < u.over.clientWidth / 2
          tooltip.dataset.side = right ? 'right' : 'left'
          tooltip.style.left = `${x}px`
        },
      ],
    },
  }
}

/**
 * The daily fill rate, drawn by uPlot on a canvas hidden from assistive technology; a legend, and
 * the same numbers in a table for screen readers (and anyone without the chart).
 */
export function FillRateChart({
  days,
  lines,
}: {
  days: readonly string[]
  lines: readonly RateLine[]
}) {
  const container = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const element = container.current
    if (!element) return
    const width = () => Math.max(element.clientWidth, 240)
    const chart = new uPlot(
      rateChartOptions(days, lines, width()),
      [days.map((_, i) => i), ...lines.map((line) => line.rates)],
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
  }, [days, lines])

  return (
    <div>
      <ul className={styles.legend} aria-hidden="true">
        {lines.map((line, i) => (
          <li key={line.key}>
            <span
              className={styles.swatch}
              data-dashed={i === 0 ? 'true' : undefined}
              style={{ borderColor: colorOf(i) }}
            />
            {line.name}
          </li>
        ))}
      </ul>
      <div ref={container} className={styles.chart} aria-hidden="true" data-fill-rate-chart="" />
      {/* The wrapper hides it: a table ignores width: 1px and would widen the page on a phone. */}
      <div className="sr-only">
        <table>
          <caption>Daily fill rate (UTC)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {lines.map((line) => (
                <th key={line.key} scope="col">
                  {line.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, i) => (
              <tr key={day}>
                <th scope="row">{dayLabel(day)}</th>
                {lines.map((line) => (
                  <td key={line.key}>{rateLabel(line.rates[i] ?? null)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
