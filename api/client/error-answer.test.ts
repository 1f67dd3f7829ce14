import { describe, it, expect } from 'vitest'
import { ApiError, DEFAULT_ERROR_MESSAGE } from './api-error.ts'
import { apiErrorFromResponse } from './error-answer.ts'

describe('apiErrorFromResponse', () => {
  it('prefers errors.message and keeps fields', () => {
    const error = apiErrorFromResponse(400, {
      status: 'error',
      message: 'Validation failed',
      errors: { message: 'Email is required', fields: { email: 'Email is required' } },
    })
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('ApiError')
    expect([error.kind, error.status, error.message]).toEqual(['http', 400, 'Email is required'])
    expect(error.fields).toEqual({ email: 'Email is required' })
  })

  it('falls back to message, then to the default', () => {
    expect(apiErrorFromResponse(409, { message: 'Conflict here' }).message).toBe('Conflict here')
    expect(apiErrorFromResponse(409, { errors: { message: '' }, message: 'M' }).message).toBe('M')
    expect(apiErrorFromResponse(500, undefined).message).toBe(DEFAULT_ERROR_MESSAGE)
    expect(apiErrorFromResponse(500, 'text').message).toBe(DEFAULT_ERROR_MESSAGE)
    expect(apiErrorFromResponse(500, { message: 42 }).message).toBe(DEFAULT_ERROR_MESSAGE)
    expect(apiErrorFromResponse(500, { message: 'x' }).fields).toBeUndefined()
  })

  it('ignores malformed fields but keeps the message', () => {
    const error = apiErrorFromResponse(400, { errors: { message: 'Bad', fields: { a: 1 } } })
    expect([error.message, error.fields]).toEqual(['Bad', undefined])
  })
})
