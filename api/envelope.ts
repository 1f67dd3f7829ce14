import { z } from 'zod'

/** Every answer of the API is one of these two shapes (DESIGN §3). */
export const errorBodySchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  errors: z.object({
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
})
export type ErrorBody = z.infer<typeof errorBodySchema>

export function successBodySchema<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal('success'),
    message: z.string().optional(),
    data,
  })
}
export interface SuccessBody<T> {
  status: 'success'
  message?: string
  data: T
}

export function errorBody(message: string, fields?: Record<string, string>): ErrorBody {
  return {
    status: 'error',
    message,
    errors: fields ? { message, fields } : { message },
  }
}

/** Header that skips the tunnel's browser warning page (SPEC §7); the server accepts it. */
export const TUNNEL_WARNING_HEADER = 'ngrok-skip-browser-warning'
