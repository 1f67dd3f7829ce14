import {
  Migrator,
  PostgresAdapter,
  sql,
  type Kysely,
  type Migration,
  type MigrationResultSet,
  type MigrationProvider,
} from 'kysely'
import * as accounts from './migrations/0001-accounts.ts'
import * as outboxFailures from './migrations/0002-outbox-failures.ts'
import * as billing from './migrations/0003-billing.ts'
import * as listings from './migrations/0004-listings.ts'
import * as leads from './migrations/0005-leads.ts'
import * as crmAttemptsAge from './migrations/0006-crm-attempts-age.ts'
import * as crmAttemptsDelivery from './migrations/0007-crm-attempts-delivery.ts'
import * as fillReports from './migrations/0008-fill-reports.ts'
import * as agentProfiles from './migrations/0009-agent-profiles.ts'
import * as accountManagement from './migrations/0010-account-management.ts'
import * as listingWorkspace from './migrations/0011-listing-workspace.ts'
import * as usageKinds from './migrations/0012-usage-kinds.ts'
import * as subscriptionTrialEnd from './migrations/0013-subscription-trial-end.ts'
import * as slidingRateLimits from './migrations/0014-sliding-rate-limits.ts'
import * as crmDeliveries from './migrations/0015-crm-deliveries.ts'
import * as liveSessionIndex from './migrations/0016-live-session-index.ts'
import * as orderedReadIndexes from './migrations/0017-ordered-read-indexes.ts'

/** Migrations are listed in code so a bundled or tsx-run server finds them without a folder scan. */
const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-outbox-failures': outboxFailures,
  '0003-billing': billing,
  '0004-listings': listings,
  '0005-leads': leads,
  '0006-crm-attempts-age': crmAttemptsAge,
  '0007-crm-attempts-delivery': crmAttemptsDelivery,
  '0008-fill-reports': fillReports,
  '0009-agent-profiles': agentProfiles,
  '0010-account-management': accountManagement,
  '0011-listing-workspace': listingWorkspace,
  '0012-usage-kinds': usageKinds,
  '0013-subscription-trial-end': subscriptionTrialEnd,
  '0014-sliding-rate-limits': slidingRateLimits,
  '0015-crm-deliveries': crmDeliveries,
  '0016-live-session-index': liveSessionIndex,
  '0017-ordered-read-indexes': orderedReadIndexes,
}

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
}

/**
 * On PostgreSQL the bookkeeping tables go in the schema the migrations create tables in (the
 * first of search_path). Kysely otherwise looks for them in every schema and, when another schema
 * of the same database has them, believes they exist here too.
 */
async function migrationSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const result = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db)
  return result.rows[0]?.schema ?? undefined
}

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateToLatest())
}

/** Up to and including `name`: tests of a migration start from the database before it. */
export async function migrateUpTo(db: Kysely<unknown>, name: string): Promise<void> {
  if (!(name in migrations)) throw new Error(`no migration named ${name}`)
  await migrate(db, (migrator) => migrator.migrateTo(name))
}

/**
 * Kysely's migrator lists the catalog's tables (every schema) before it takes its own lock, and
 * that listing fails when another session drops a table in the meantime: a second process
 * starting while the first migrates (a rolling deploy), or test apps migrating their own schemas
 * side by side. On PostgreSQL the whole run therefore holds one database-wide advisory lock, on
 * one connection, so migrations and their catalog reads never overlap.
 */
export const MIGRATE_LOCK_KEY = 5_174_203_911

async function migrate(
  db: Kysely<unknown>,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await runMigrator(db, undefined, run)
    return
  }
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATE_LOCK_KEY})`.execute(conn)
    try {
      await runMigrator(conn, await migrationSchema(conn), run)
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATE_LOCK_KEY})`.execute(conn)
    }
  })
}

async function runMigrator(
  db: Kysely<unknown>,
  schema: string | undefined,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  })
  const { error, results } = await run(migrator)
  const failed = results?.find((r) => r.status === 'Error')
  if (error ?? failed) {
    const what = failed ? `migration ${failed.migrationName} failed` : 'migration failed'
    throw new Error(what, { cause: error })
  }
}
