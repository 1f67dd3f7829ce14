import { Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { Toaster } from '../lib/toast.tsx'
import { PageLayout } from '../components/layout/page-layout.tsx'
import { pages } from './pages.tsx'
import { NotFoundPage } from '../features/not-found/not-found-page.tsx'
import { StoredSessionMark } from '../features/auth/stored-session-mark.ts'
import { AppReadyMark } from './app-ready-mark.tsx'

/** While lazy parts load the page shows the text "loading" (docs/product.md#shared-layout). */
export function Loading() {
  return (
    <div className="page-loading" role="status">
      loading
    </div>
  )
}

export function App() {
  return (
    <>
      <StoredSessionMark />
      <PageLayout>
        <Suspense fallback={<Loading />}>
          <Switch>
            {pages.map(({ path, component }) => (
              <Route key={path} path={path} component={component} />
            ))}
            <Route component={NotFoundPage} />
          </Switch>
          {/* In the page's boundary: marks <html> only once the page itself has committed. */}
          <AppReadyMark />
        </Suspense>
      </PageLayout>
      <Toaster />
    </>
  )
}
