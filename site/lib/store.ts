import { proxy, subscribe } from 'valtio'
import { readIsLoginFlag, readLegacyLoggedInFlag, writeIsLoginFlag } from './auth-storage.ts'

/** The interface state (docs/architecture.md#state): the one store of the site. */
export const ui = proxy({
  userName: '',
  remainingDays: 0,
  isTrial: false,
  isLogin: readIsLoginFlag(),
})

export function setUserName(value: string): void {
  ui.userName = value
}
export function setRemainingDays(value: number): void {
  ui.remainingDays = value
}
export function setIsTrial(value: boolean): void {
  ui.isTrial = value
}
export function setIsLogin(value: boolean): void {
  ui.isLogin = value
}

/** The legacy stored flag wins over a false isLogin, on load and on every change. */
function syncLegacyFlag(): void {
  if (readLegacyLoggedInFlag() && !ui.isLogin) ui.isLogin = true
}
syncLegacyFlag()

let lastPersisted = ui.isLogin
subscribe(ui, () => {
  // isLogin is persisted whenever it is set.
  if (ui.isLogin !== lastPersisted) {
    lastPersisted = ui.isLogin
    writeIsLoginFlag(ui.isLogin)
  }
  syncLegacyFlag()
})
