import { describe, expect, it } from 'vitest'
import { buildEnv } from './build-env.js'

describe('the environment npm start builds in', () => {
  it('is production whatever NODE_ENV the caller has', () => {
    for (const NODE_ENV of ['development', 'test', 'production', undefined]) {
      expect(buildEnv({ NODE_ENV }).NODE_ENV, String(NODE_ENV)).toBe('production')
    }
  })

  it('keeps every other setting and leaves the caller’s environment as it was', () => {
    const caller = { NODE_ENV: 'development', SITE_URL: 'https://agents.example', PATH: '/bin' }
    expect(buildEnv(caller)).toEqual({
      NODE_ENV: 'production',
      SITE_URL: 'https://agents.example',
      PATH: '/bin',
    })
    expect(caller.NODE_ENV).toBe('development')
  })
})
