// First: zod's settings must be in place before any schema is built (the module says why).
import '../api/zod-jitless.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
// Global styles first, so component CSS modules (which come later in the bundle) can refine them.
import './styles/tokens.css'
import './styles/global.css'
import { App } from './app/app.tsx'
import { adoptExtensionSession } from './features/auth/adopt-extension-session.ts'
import { restoreSession } from './features/auth/use-session.ts'

restoreSession()
void adoptExtensionSession()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
