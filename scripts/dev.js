// `npm run dev`: the API server with reload (tsx watch) and the site's Vite dev server, which
// proxies /api and /dev to it. Ctrl-C stops both.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** @param {string} name */
const bin = (name) => path.join(root, 'node_modules', '.bin', name)

const children = [
  spawn(bin('tsx'), ['watch', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SITE_URL: process.env.SITE_URL ?? 'http://localhost:5173' },
  }),
  spawn(bin('vite'), ['--config', 'site/vite.config.ts'], { cwd: root, stdio: 'inherit' }),
]

function stop() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop)
for (const child of children) child.on('exit', stop)
