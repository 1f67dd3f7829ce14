import { describe, expect, it } from 'vitest'
import { EXTENSION_ID } from '../api/extension-id.ts'
import {
  EXTENSION_PUBLIC_KEY,
  extensionBuildConfig,
  extensionIdFromKey,
} from './extension-config.ts'

describe('the extension id', () => {
  it('the site sends to is the one the manifest key gives the unpacked extension', () => {
    expect(extensionIdFromKey(EXTENSION_PUBLIC_KEY)).toBe(EXTENSION_ID)
    expect(extensionBuildConfig({}).extensionId).toBe(EXTENSION_ID)
  })
})
