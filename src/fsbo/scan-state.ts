/**
 * Whether a scan is under way, for the worker (fsbo-scan.ts) and the popup alike. Type imports
 * only: the popup bundles this file alone.
 */
import type { ScanPhase, ScanState } from '../messages.ts'

const RUNNING: readonly ScanPhase[] = ['running', 'cancelling']

export function isScanRunning(state: ScanState | null): boolean {
  return state !== null && RUNNING.includes(state.phase)
}
