import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { systemClock } from '../clock.ts'
import { ConfigError, loadConfig } from '../config.ts'
import { createDatabase } from '../db/database.ts'
import { createPaymentProvider } from './create-payment-provider.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'lb-provider-'))
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true })
})

const base = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }

function providerFor(env: Record<string, string>) {
  const config = loadConfig({ ...base, ...env })
  const db = createDatabase(config)
  const provider = createPaymentProvider({ config, db, clock: systemClock, log: silent })
  return { provider, db, config }
}

describe('choosing the payment provider (one place, by configuration)', () => {
  it('is the built-in test checkout by default and Stripe with a key and a webhook secret', async () => {
    const test = providerFor({})
    expect(test.provider.name).toBe('test')
    expect(test.config.stripe).toBeUndefined()
    await test.db.destroy()

    const stripe = providerFor({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    })
    expect(stripe.provider.name).toBe('stripe')
    expect(stripe.config.stripe).toEqual({
      secretKey: 'sk_test_123',
      webhookSecret: 'whsec_123',
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    })
    await stripe.db.destroy()
  })

  it('refuses half a Stripe configuration and malformed values at start-up', () => {
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both/,
    )
    expect(() => loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(ConfigError)
    expect(() =>
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }),
    ).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/)
    expect(() => loadConfig({ ...base, DATABASE_URL: 'mysql://localhost/db' })).toThrow(
      /DATABASE_URL: must be a postgres/,
    )
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u:p@db:5432/lb' }).databaseUrl).toBe(
      'postgres://u:p@db:5432/lb',
    )
  })
})
