import { existsSync } from 'node:fs'
import path from 'node:path'
import { buildApp } from './app.ts'
import { createBillingJobs } from './billing/renewals.ts'
import { ConfigError, loadConfig } from './config.ts'
import { BUILT_IN_FORM_PROFILE } from '../api/marketplace-form-profile.ts'
import { MAILBOX_PATH } from './mail/mailbox-page.ts'
import { createMailSender } from './mail/sender.ts'
import { createCrmSender } from './leads/crm-sender.ts'
import { startHousekeeping } from './housekeeping.ts'
import { createMailTransport } from './mail/create-mail-transport.ts'
import { LISTEN_BACKLOG } from './http/connection-caps.ts'

/** Starts the server the way `npm start` does: config from the environment, then listen. */
async function main(): Promise<void> {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const { app, ctx } = await buildApp(config)
  await app.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG })
  const leaseSeconds = config.jobs.outboxLeaseSeconds
  const sender = createMailSender(ctx, createMailTransport(config), { log: app.log, leaseSeconds })
  sender.start()
  // Send to CRM only queues; this delivers and retries, beside the mail sender.
  const crmSender = createCrmSender(ctx, { log: app.log, leaseSeconds })
  crmSender.start()
  // Renews test-checkout subscriptions at period end and downgrades cancelled ones; safe on
  // every instance at once.
  const billingJobs = createBillingJobs(ctx, { log: app.log, pollMs: config.jobs.renewalPollMs })
  billingJobs.start()
  const stopHousekeeping = startHousekeeping(ctx, app.log)
  const address = `http://localhost:${config.port}`
  const lines = [
    '',
    'ListingBridge is running.',
    `  Site:     ${config.siteUrl}`,
    `  API:      ${address}/api/v1`,
    `  Data:     ${config.dataDir}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL' : 'SQLite in the data folder'}`,
    `  E-mail:   ${sender.transport.name === 'SMTP' ? 'SMTP' : 'console (nothing leaves this machine)'}`,
    `  Payments: ${ctx.payments.name === 'stripe' ? 'Stripe' : 'built-in test checkout (no charge)'}`,
    // Which form profile extensions get: an operator checks here that an edit took.
    `  Form profile: ${config.marketplaceFormProfile.version}${config.marketplaceFormProfile === BUILT_IN_FORM_PROFILE ? ' (built in)' : ' (MARKETPLACE_FORM_PROFILE)'}`,
  ]
  if (config.env !== 'production' && !config.smtpUrl)
    lines.push(`  Mailbox:  ${address}${MAILBOX_PATH}`)
  const extensionDir = path.resolve(import.meta.dirname, '../dist/extension')
  if (existsSync(path.join(extensionDir, 'manifest.json'))) {
    lines.push(`  Extension: load ${extensionDir} unpacked (chrome://extensions, Developer mode)`)
  }
  console.log(`${lines.join('\n')}\n`)

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      // The batch in flight finishes (and is marked) before the database closes under it.
      stopHousekeeping()
      void Promise.all([sender.stop(), crmSender.stop(), billingJobs.stop()])
        .then(() => app.close())
        .then(() => process.exit(0))
    })
  }
}

await main()
