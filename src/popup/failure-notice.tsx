import { siteLink } from '../config.ts'

/**
 * A failure the user can act on, said as the conversion says it: the message, and for a 402 an
 * Upgrade link to the site's pricing page.
 */
export function FailureNotice({ error }: { error: { kind: string; message: string } }) {
  return (
    <div className="notice notice-error" role="alert" data-kind={error.kind}>
      <p>{error.message}</p>
      {error.kind === 'upgrade' && (
        <p>
          <a
            className="button button-accent"
            href={siteLink('/pricing')}
            target="_blank"
            rel="noreferrer"
          >
            Upgrade
          </a>
        </p>
      )}
    </div>
  )
}
