import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'

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
  const { app } = await buildApp(config)
  await app.listen({ host: config.host, port: config.port })
  const address = `http://localhost:${config.port}`
  console.log(
    `\nListingBridge is running.\n  Site:    ${config.siteUrl}\n  API:     ${address}/api/v1\n  Data:    ${config.dataDir}\n`,
  )

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0))
    })
  }
}

await main()
