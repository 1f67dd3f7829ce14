import type { ReactNode } from 'react'
import { siteLink } from '../config.ts'

/** The dashboard's Leads page, where saved leads are listed, searched and exported. */
export const LEADS_PAGE_PATH = '/dashboard/leads'

export function LeadsPageLink({ children = 'See your leads' }: { children?: ReactNode }) {
  return (
    <a className="leads-link" href={siteLink(LEADS_PAGE_PATH)} target="_blank" rel="noreferrer">
      {children}
    </a>
  )
}
