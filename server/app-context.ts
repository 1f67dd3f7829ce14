import type { PaymentProvider } from './billing/payment-provider.ts'
import type { Clock } from './clock.ts'
import type { Config } from './config.ts'
import type { Db } from './db/database.ts'
import type { ResolveAll } from './net/resolve-host.ts'

/** What every route handler may use; built once in app.ts. */
export interface AppContext {
  config: Config
  db: Db
  clock: Clock
  /** The payment provider the configuration chose (billing/create-payment-provider.ts). */
  payments: PaymentProvider
  /** How names become addresses for outgoing CRM calls: the system's DNS, or a test's stub. */
  resolveHost: ResolveAll
}
