import { useEffect, useState } from 'react'
import { isExtensionInstalled } from '../../../lib/extension-bridge.ts'
import type { ExtensionStatus } from './setup-steps.ts'

/**
 * Whether the extension answers in this browser, asked on mount and again whenever the window
 * gets the focus back while it has not answered: the agent installs it in another tab and returns.
 */
export function useExtensionStatus(): ExtensionStatus {
  const [status, setStatus] = useState<ExtensionStatus>('checking')

  useEffect(() => {
    let active = true
    let installed = false
    const check = () => {
      if (installed) return
      void isExtensionInstalled().then((answer) => {
        installed = answer
        if (active) setStatus(answer ? 'installed' : 'missing')
      })
    }
    check()
    window.addEventListener('focus', check)
    return () => {
      active = false
      window.removeEventListener('focus', check)
    }
  }, [])

  return status
}
