// Plain Node ESM, like start.js, which imports it before anything is compiled.

/**
 * The environment `npm start` builds in: the caller's, with NODE_ENV=production. Vite builds
 * React's development bundle (almost twice the size, and slower) when NODE_ENV says development,
 * and `NODE_ENV=development` is a common line in a `.env`; what `npm start` serves is always the
 * production build. The server itself still runs with the caller's NODE_ENV.
 *
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function buildEnv(env) {
  return { ...env, NODE_ENV: 'production' }
}
