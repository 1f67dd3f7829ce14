import { brand } from '../../api/brand.ts'
import logo from '../assets/icons/icon-32.png'
import { siteLink } from '../config.ts'
import { ConvertPanel } from './convert-panel.tsx'
import { ListingPreview } from './listing-preview.tsx'
import { ListingProblem } from './listing-problem.tsx'
import { LoginForm } from './login-form.tsx'
import { usePopup, type PopupModel } from './use-popup.ts'

function Header({ model }: { model: PopupModel }) {
  const { session } = model
  return (
    <header className="header">
      <img className="logo" src={logo} alt="" width={24} height={24} />
      <span className="brand">{brand.name}</span>
      {session.state === 'logged-in' && (
        <button type="button" className="link-button" onClick={() => void model.logout()}>
          Log out
        </button>
      )}
    </header>
  )
}

function LoggedIn({ model }: { model: PopupModel }) {
  const { listing, session } = model
  return (
    <>
      {session.state === 'logged-in' && session.email && (
        <p className="muted small">Signed in as {session.email}</p>
      )}
      {listing.state === 'loading' && (
        <p className="status" role="status">
          Reading the listing…
        </p>
      )}
      {listing.state === 'no-tab' && (
        <p className="notice notice-info">Open a Zillow listing in this window, then try again.</p>
      )}
      {listing.state === 'done' && !listing.lookup.ok && (
        <ListingProblem reason={listing.lookup.reason} message={listing.lookup.message} />
      )}
      {listing.state === 'done' && listing.lookup.ok && (
        <>
          <ListingPreview listing={listing.lookup.listing} compact={model.confirming} />
          <ConvertPanel model={model} />
        </>
      )}
      <footer className="footer">
        <a href={siteLink('/dashboard')} target="_blank" rel="noreferrer">
          Open your dashboard
        </a>
      </footer>
    </>
  )
}

export function App() {
  const model = usePopup()
  return (
    <div className="popup">
      <Header model={model} />
      <main className="content">
        {model.session.state === 'loading' && (
          <p className="status" role="status">
            Loading…
          </p>
        )}
        {model.session.state === 'logged-out' && (
          <LoginForm notice={model.session.notice} onLogin={model.login} />
        )}
        {model.session.state === 'logged-in' && <LoggedIn model={model} />}
      </main>
    </div>
  )
}
