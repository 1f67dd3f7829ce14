import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { FastifyBaseLogger } from 'fastify'
import { loadConfig } from '../config.ts'
import { clientKey, maxConnections, openFilesLimit } from './connection-caps.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'lb-caps-'))

function recordingLog(): FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> } {
  return { warn: vi.fn() } as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> }
}

describe('clientKey', () => {
  it('counts IPv4 by address, also when it arrives IPv4-mapped', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7')
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts IPv6 by its /64, which one host usually holds whole', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:db8:1:2:bbbb::9')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
  })
})

describe('maxConnections', () => {
  it('leaves descriptors for the database and files below the open-files limit', () => {
    expect(maxConnections(undefined, 20_000, recordingLog())).toBe(19_744)
    expect(maxConnections(undefined, 400, recordingLog())).toBe(200)
    expect(maxConnections(undefined, undefined, recordingLog())).toBeUndefined()
  })

  it('lowers a MAX_CONNECTIONS the process could not open, and says so', () => {
    const log = recordingLog()
    expect(maxConnections(5_000, 20_000, log)).toBe(5_000)
    expect(log.warn).not.toHaveBeenCalled()
    expect(maxConnections(50_000, 20_000, log)).toBe(19_744)
    expect(log.warn).toHaveBeenCalledOnce()
  })

  it('reads this process’s limit on Linux', () => {
    if (process.platform !== 'linux') return
    expect(openFilesLimit()).toBeGreaterThan(0)
  })
})

describe('connection settings', () => {
  it('caps 256 connections per client by default, none behind trusted proxies unless set', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).connections.maxPerClient).toBe(256)
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '1' }).connections.maxPerClient).toBe(0)
    const explicit = {
      DATA_DIR: dataDir,
      TRUST_PROXY: '10.0.0.5',
      MAX_CONNECTIONS_PER_CLIENT: '64',
    }
    expect(loadConfig(explicit).connections.maxPerClient).toBe(64)
  })

  it('takes timeouts in seconds and refuses a headers timeout past the request timeout', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).connections).toMatchObject({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 72_000,
    })
    // A short request timeout shortens the headers' default with it.
    const short = loadConfig({ DATA_DIR: dataDir, REQUEST_TIMEOUT_SECONDS: '2.5' }).connections
    expect(short).toMatchObject({ headersTimeoutMs: 2_500, requestTimeoutMs: 2_500 })
    expect(() => loadConfig({ DATA_DIR: dataDir, HEADERS_TIMEOUT_SECONDS: '40' })).toThrow(
      /HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS/,
    )
    expect(() => loadConfig({ DATA_DIR: dataDir, REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(
      /REQUEST_TIMEOUT_SECONDS/,
    )
  })
})
