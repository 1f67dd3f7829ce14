import { useSnapshot } from 'valtio'
import { getStoredUsername } from '../../lib/auth-storage.ts'
import { ui } from '../../lib/store.ts'
import { knownUserName } from './user-identity.ts'

/** The logged-in user's name as far as the site knows it (interface state, then storage). */
export function useKnownUserName(): string {
  const snap = useSnapshot(ui)
  return knownUserName(snap.userName, getStoredUsername())
}
