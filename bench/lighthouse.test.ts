import type { Result } from 'lighthouse'
import { describe, expect, it } from 'vitest'
import {
  bestRun,
  budgetMisses,
  reportLighthouse,
  summarizeRun,
  type PageBudget,
  type PageRun,
} from './lighthouse.ts'

type Audit = Result['audits'][string]

/** An audit with the fields summarizeRun reads (details simplified: items only). */
function audit(id: string, fields: Record<string, unknown> = {}): Audit {
  const fake = {
    id,
    title: `${id} title`,
    description: '',
    score: 1,
    scoreDisplayMode: 'binary',
    ...fields,
  }
  return fake as unknown as Audit
}

/** The parts of a Lighthouse result summarizeRun reads. */
function lhr(audits: Audit[], scores: Record<string, number | null>): Result {
  const refs: Record<string, { id: string; weight: number; group?: string }[]> = {
    performance: [
      { id: 'largest-contentful-paint', weight: 25, group: 'metrics' },
      { id: 'render-blocking-resources', weight: 0, group: 'diagnostics' },
      { id: 'unused-javascript', weight: 0, group: 'diagnostics' },
    ],
    accessibility: [
      { id: 'color-contrast', weight: 7 },
      { id: 'aria-hidden-body', weight: 0 },
    ],
    'best-practices': [{ id: 'errors-in-console', weight: 1 }],
    seo: [{ id: 'meta-description', weight: 1 }],
  }
  return {
    audits: Object.fromEntries(audits.map((a) => [a.id, a])),
    categories: Object.fromEntries(
      Object.entries(scores).map(([id, score]) => [id, { id, score, auditRefs: refs[id] ?? [] }]),
    ),
  } as unknown as Result
}

const home: PageBudget = { path: '/', minPerformance: 98 }

function run(performance: number, fields: Partial<PageRun> = {}): PageRun {
  return {
    scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 },
    lcpMs: 1500,
    cls: 0,
    tbtMs: 40,
    flagged: [],
    opportunities: [],
    ...fields,
  }
}

describe('Lighthouse row', () => {
  it('reads scores as Lighthouse shows them, the metrics and what each category flags', () => {
    const summary = summarizeRun(
      lhr(
        [
          audit('largest-contentful-paint', { scoreDisplayMode: 'numeric', numericValue: 1620.4 }),
          audit('cumulative-layout-shift', { scoreDisplayMode: 'numeric', numericValue: 0.004 }),
          audit('total-blocking-time', { scoreDisplayMode: 'numeric', numericValue: 53 }),
          audit('render-blocking-resources', {
            scoreDisplayMode: 'metricSavings',
            score: 0.5,
            displayValue: 'Est savings of 150 ms',
            details: { type: 'opportunity', items: [{ url: '/assets/index.css' }] },
          }),
          audit('unused-javascript', { scoreDisplayMode: 'metricSavings', score: 1 }),
          audit('color-contrast', {
            score: 0,
            details: {
              type: 'table',
              items: [1, 2, 3, 4].map((n) => ({ node: { snippet: `<a class="c${n}">` } })),
            },
          }),
          // Not applicable here: never a finding, whatever its score field says.
          audit('aria-hidden-body', { scoreDisplayMode: 'notApplicable', score: 0 }),
          audit('errors-in-console', { score: 0 }),
          audit('meta-description'),
        ],
        { performance: 0.975, accessibility: 0.93, 'best-practices': 0.96, seo: null },
      ),
    )
    expect(summary.scores).toEqual({
      performance: 98,
      accessibility: 93,
      'best-practices': 96,
      seo: 0,
    })
    expect(summary).toMatchObject({ lcpMs: 1620.4, cls: 0.004, tbtMs: 53 })
    expect(summary.flagged).toEqual([
      'Accessibility color-contrast: color-contrast title\n' +
        '    <a class="c1">\n    <a class="c2">\n    <a class="c3">\n    … 1 more',
      'Best Practices errors-in-console: errors-in-console title',
    ])
    expect(summary.opportunities).toEqual([
      'render-blocking-resources: render-blocking-resources title (Est savings of 150 ms)\n' +
        '    /assets/index.css',
    ])
  })

  it('names every budget a run misses', () => {
    expect(budgetMisses(home, run(98))).toEqual([])
    const missed = run(97, {
      scores: { performance: 97, accessibility: 100, 'best-practices': 92, seo: 100 },
      cls: 0.01,
    })
    expect(budgetMisses(home, missed)).toEqual([
      'Performance 97 < 98',
      'Best Practices 92 < 100',
      'CLS 0.010 ≥ 0.01',
    ])
    expect(budgetMisses(home, run(99, { cls: Number.NaN }))).toEqual(['CLS NaN ≥ 0.01'])
  })

  it('judges the better run: fewer misses first, then the higher Performance score', () => {
    const noisy = run(96)
    const good = run(99)
    expect(bestRun(home, [noisy, good])).toBe(good)
    const bothMiss = [run(91), run(94)]
    expect(bestRun(home, bothMiss)).toBe(bothMiss[1])
    const shifted = run(100, { cls: 0.2 })
    const steady = run(98)
    expect(bestRun(home, [shifted, steady])).toBe(steady)
  })

  it('prints each page with its verdict and fails on a miss', () => {
    const pricing: PageBudget = { path: '/pricing', minPerformance: 95 }
    const passing = reportLighthouse([{ budget: home, runs: [run(99)], best: run(99) }])
    expect(passing.ok).toBe(true)
    expect(passing.lines.join('\n')).toMatch(
      /^\/\s+99\s+100\s+100\s+100\s+1500 ms\s+0\.000\s+40 ms\s+PASS$/m,
    )

    const failing = run(93, {
      flagged: ['Accessibility label: Form elements have labels'],
      opportunities: ['unused-javascript: Reduce unused JavaScript (Est savings of 50 KiB)'],
      loadAverage: 3.24,
    })
    const report = reportLighthouse([
      { budget: home, runs: [run(99)], best: run(99) },
      { budget: pricing, runs: [failing, run(90)], best: failing },
    ])
    expect(report.ok).toBe(false)
    expect(report.verdicts).toEqual([
      'Lighthouse /: Performance ≥ 98, others 100, CLS < 0.01: PASS',
      'Lighthouse /pricing: Performance ≥ 95, others 100, CLS < 0.01: FAIL (Performance 93 < 95)',
    ])
    const printed = report.lines.join('\n')
    expect(printed).toContain('/pricing: Performance by run 93 (load 3.2), 90')
    expect(printed).toContain('Accessibility label: Form elements have labels')
    // Diagnostics are printed on a Performance miss, where they say what to do next.
    expect(printed).toContain('unused-javascript: Reduce unused JavaScript')
  })
})
