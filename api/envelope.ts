import { z } from 'zod'

/**
 * Every answer of the API is one of two shapes: the success envelope around the route's data
 * (checked against the route table by the client), or the error envelope.
 */
export const successBodySchema = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: z.unknown(),
})
export type SuccessBody<Data> = Omit<z.infer<typeof successBodySchema>, 'data'> & { data: Data }

/** The success envelope around `data`; `message` only when there is one. */
export function successBody<Data>(data: Data, message?: string): SuccessBody<Data> {
  return message ? { status: 'success', message, data } : { status: 'success', data }
}

export interface ErrorBody {
  status: 'error'
  message: string
  errors: { message: string; fields?: Record<string, string> }
}

export function errorBody(message: string, fields?: Record<string, string>): ErrorBody {
  return {
    status: 'error',
    message,
    errors: fields ? { message, fields } : { message },
  }
}

/** Header that skips the ngrok tunnel's browser warning page; the server accepts it (CORS). */
export const TUNNEL_WARNING_HEADER = 'ngrok-skip-browser-warning'
