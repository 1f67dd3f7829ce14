import { brand } from '../../../api/brand.ts'

/** The extension's store page, in a new tab. */
export function ExtensionLink({ children, className }: { children: string; className?: string }) {
  return (
    <a
      href={brand.extensionStoreUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={className ?? 'button button-primary'}
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}
