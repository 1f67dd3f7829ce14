import { describe, expect, it } from 'vitest'
import {
  median,
  reportExtensionFlow,
  type ExtensionFlowResult,
  type NetworkResult,
} from './extension-flow.ts'

function network(name: NetworkResult['name'], flowMs: number, downloadMs: number): NetworkResult {
  const runs = [flowMs - 10, flowMs, flowMs + 10].map((ms) => ({
    flowMs: ms,
    toTabMs: 200,
    downloadMs,
  }))
  return { name, runs, medianFlowMs: flowMs, medianToTabMs: 200, medianDownloadMs: downloadMs }
}

function result(
  loopback: [flowMs: number, downloadMs: number],
  cdn: [flowMs: number, downloadMs: number],
  extractionMs = 3,
  redfinFlowMs = 1300,
): ExtensionFlowResult {
  return {
    networks: [network('loopback', ...loopback), network('cdn', ...cdn)],
    photoBytes: 226 * 1024,
    sources: [
      {
        source: 'zillow',
        flowMs: [cdn[0]],
        page: 'bench-1.5mb-sf-house.html',
        pageBytes: 1_500_000,
        extractionMs: [extractionMs],
      },
      {
        source: 'redfin',
        flowMs: [redfinFlowMs - 100, redfinFlowMs, redfinFlowMs + 100],
        page: 'la-quinta-house-for-rent.html',
        pageBytes: 1_200_000,
        extractionMs: [4],
      },
    ],
  }
}

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })
})

describe('reportExtensionFlow', () => {
  it('judges 3 s on both networks and 1.5× on the CDN-paced one only', () => {
    // Loopback: 12× its download time, which measures the fixture's pace, not ours.
    const report = reportExtensionFlow(result([1100, 90], [1400, 1000]))
    expect(report.ok).toBe(true)
    expect(report.lines).toContain('  click → filled < 3000 ms, loopback: PASS (1100 ms)')
    expect(report.lines).toContain('  click → filled < 3000 ms, cdn: PASS (1400 ms)')
    expect(report.lines).toContain('  click → filled ≤ 1.5× download only, cdn: PASS (1.40×)')
    expect(report.lines.filter((line) => line.includes('loopback: '))).toHaveLength(1)
  })

  it('prints both networks as a table with every run', () => {
    const { lines } = reportExtensionFlow(result([1100, 90], [1400, 1000]))
    expect(lines[0]).toBe(
      'Extension in Chromium (20 × 226 KB JPEG), median of 3 runs per network, networks by turns:',
    )
    expect(lines).toContain('  loopback (photos at once):')
    expect(lines).toContain('  CDN pace (80–150 ms to first byte, 50 Mbit/s shared):')
    const rows = lines.filter((line) => line.includes('download the photos only'))
    expect(rows).toHaveLength(2)
    expect(rows[1]).toMatch(/1000 ms {3}\(1000 ms, 1000 ms, 1000 ms\)$/)
    expect(lines.filter((line) => line.includes('÷ download only'))[0]).toMatch(/12\.22×$/)
  })

  it('fails each budget on its own', () => {
    const slow = reportExtensionFlow(result([3100, 90], [1400, 1000]))
    expect(slow.ok).toBe(false)
    expect(slow.lines).toContain('  click → filled < 3000 ms, loopback: FAIL (3100 ms)')
    const farFromDownload = reportExtensionFlow(result([1100, 90], [1600, 1000]))
    expect(farFromDownload.ok).toBe(false)
    expect(farFromDownload.lines).toContain(
      '  click → filled ≤ 1.5× download only, cdn: FAIL (1.60×)',
    )
    const slowExtraction = reportExtensionFlow(result([1100, 90], [1400, 1000], 25))
    expect(slowExtraction.ok).toBe(false)
    expect(slowExtraction.lines).toContain(
      '  Zillow: extraction in Chromium < 20 ms: FAIL (25.0 ms)',
    )
  })

  it('judges every source on its own: click → filled at CDN pace and its extraction', () => {
    const report = reportExtensionFlow(result([1100, 90], [1400, 1000]))
    expect(report.lines).toContain('  Redfin: click → filled < 3000 ms, cdn: PASS (1300 ms)')
    expect(report.lines).toContain('  Redfin: extraction in Chromium < 20 ms: PASS (4.0 ms)')
    const slowRedfin = reportExtensionFlow(result([1100, 90], [1400, 1000], 3, 3200))
    expect(slowRedfin.ok).toBe(false)
    expect(slowRedfin.lines).toContain('  Redfin: click → filled < 3000 ms, cdn: FAIL (3200 ms)')
  })
})
