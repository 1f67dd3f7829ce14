import { describe, expect, it } from 'vitest'
import { median, reportExtensionFlow, type ExtensionFlowResult } from './extension-flow.ts'

function result(flowMs: number, downloadMs: number, extractionMs = 3): ExtensionFlowResult {
  const runs = [flowMs - 10, flowMs, flowMs + 10].map((ms) => ({
    flowMs: ms,
    toTabMs: 200,
    downloadMs,
  }))
  return {
    runs,
    medianFlowMs: flowMs,
    medianToTabMs: 200,
    medianDownloadMs: downloadMs,
    photoBytes: 226 * 1024,
    extractionMs: [extractionMs],
  }
}

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })
})

describe('reportExtensionFlow', () => {
  it('passes within 3 s and 1.5× the download time', () => {
    const report = reportExtensionFlow(result(1400, 1000))
    expect(report.ok).toBe(true)
    expect(report.lines).toContain('  click → filled < 3000 ms: PASS (1400 ms)')
    expect(report.lines).toContain('  click → filled ≤ 1.5× download only: PASS (1.4×)')
  })

  it('fails each budget on its own', () => {
    const slow = reportExtensionFlow(result(3100, 2500))
    expect(slow.ok).toBe(false)
    expect(slow.lines).toContain('  click → filled < 3000 ms: FAIL (3100 ms)')
    const farFromDownload = reportExtensionFlow(result(1300, 70))
    expect(farFromDownload.ok).toBe(false)
    expect(farFromDownload.lines).toContain('  click → filled ≤ 1.5× download only: FAIL (18.6×)')
    expect(reportExtensionFlow(result(1400, 1000, 25)).ok).toBe(false)
  })
})
