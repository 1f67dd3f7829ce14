/**
 * The Marketplace filler, for the content script on facebook.com/marketplace/create/*:
 *
 *   const report = await fillWithRefresh({ draft, photos, profile }, { refresh })
 *   showFillReport(report)
 *   await sendMessage('draft:filled', fillSummary(report))
 */
export {
  fillMarketplaceForm,
  fillSummary,
  type FieldKey,
  type FillOptions,
  type FillReport,
  type FillRequest,
  type NeedsYou,
  type PhotoFile,
} from './fill-marketplace.ts'
export { fillWithRefresh, type FillWithRefreshOptions } from './fill-with-refresh.ts'
export { showFillReport, type ReportPanel } from './report-panel.ts'
