export interface ActiveTab {
  id: number
  /** Known when the user opened the popup by clicking the toolbar icon (activeTab). */
  url: string | null
}

/** The tab the popup was opened over: the active tab of the popup's own window. */
export async function activeTab(): Promise<ActiveTab | null> {
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true })
  if (tab?.id === undefined) return null
  return { id: tab.id, url: tab.url ?? null }
}
