/**
 * chrome.storage.local holds the refresh token. Chrome opens `local` to content scripts by
 * default, and ours run beside pages we do not control, so the worker closes it to them at every
 * start (`session` is closed by default). Content scripts ask the worker for what they need.
 * Chrome versions that cannot restrict `local` refuse the call; the default then stays.
 */
export async function closeStorageToContentScripts(): Promise<void> {
  try {
    await chrome.storage.local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' })
  } catch {
    // An older Chrome: nothing more to do.
  }
}
