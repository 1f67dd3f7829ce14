/**
 * The Marketplace filler, for the content script on facebook.com/marketplace/create/*:
 *
 *   const report = await fillWithRefresh({ draft, photos, profile, taught }, { refresh })
 *   afterFill(report, { request, durationMs, send, save }) // the panel, "Show me", the fill report
 *   await sendMessage('draft:filled', fillSummary(report))
 */
export {
  fillMarketplaceForm,
  fillSummary,
  type FillOptions,
  type FillReport,
  type FillRequest,
  type NeedsYou,
  type PhotoFile,
} from './fill-marketplace.ts'
export { fillWithRefresh, type FillWithRefreshOptions } from './fill-with-refresh.ts'
export { afterFill, type AfterFillOptions } from './after-fill.ts'
export { buildFillReport } from './fill-report.ts'
export { showFillReport, type ReportPanel } from './report-panel.ts'
