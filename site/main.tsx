import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
// Global styles first, so component CSS modules (which come later in the bundle) can refine them.
import './styles/tokens.css'
import './styles/global.css'
import { App } from './app/app.tsx'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
