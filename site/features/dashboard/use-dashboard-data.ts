import { createContext, useContext } from 'react'
import type { Dashboard } from '../../../api/schemas/users.ts'
import { getDashboard } from './api/get-dashboard.ts'
import { useReloadable, type Loaded, type Reloadable } from './use-reloadable.ts'

export type DashboardData = Loaded<Dashboard>
export type DashboardDataState = Reloadable<Dashboard>

/** GET /users/dashboard, once per dashboard visit, shared by its pages. */
export function useDashboardLoader(): DashboardDataState {
  return useReloadable(getDashboard)
}

export const DashboardDataContext = createContext<DashboardDataState | null>(null)

export function useDashboardData(): DashboardDataState {
  const value = useContext(DashboardDataContext)
  if (!value) throw new Error('useDashboardData must be used inside the dashboard')
  return value
}
