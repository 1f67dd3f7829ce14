import { dropTestSchemas, testDbKind } from './test-database.ts'

/**
 * vitest globalSetup of the server suite: on a real PostgreSQL server (TEST_DATABASE_URL) it
 * drops the schemas of earlier or interrupted runs first, and this run's once every worker is
 * done. Nothing to do on SQLite or PGlite.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL
  if (!url || testDbKind() !== 'postgres') return undefined
  await dropTestSchemas(url)
  return async () => {
    await dropTestSchemas(url)
  }
}
