import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely'
import * as accounts from './migrations/0001-accounts.ts'
import * as outboxFailures from './migrations/0002-outbox-failures.ts'
import * as billing from './migrations/0003-billing.ts'

/** Migrations are listed in code so a bundled or tsx-run server finds them without a folder scan. */
const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-outbox-failures': outboxFailures,
  '0003-billing': billing,
}

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
}

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error ?? failed) {
    const what = failed ? `migration ${failed.migrationName} failed` : 'migration failed'
    throw new Error(what, { cause: error })
  }
}
