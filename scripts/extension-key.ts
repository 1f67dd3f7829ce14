// Generates a new RSA key pair for the extension's manifest `key` and prints the public key and
// the extension id it gives. Run once (`npx tsx scripts/extension-key.ts`), paste the public key
// into scripts/extension-config.ts. The private key is printed only when asked (--private), for
// someone who wants to pack a .crx by hand; never commit it.
import { generateKeyPairSync } from 'node:crypto'
import { extensionIdFromKey } from './extension-config.ts'

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const key = publicKey.export({ type: 'spki', format: 'der' }).toString('base64')
console.log(`key: ${key}`)
console.log(`id:  ${extensionIdFromKey(key)}`)
if (process.argv.includes('--private')) {
  console.log(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString())
}
