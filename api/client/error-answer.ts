import { z } from 'zod'
import { ApiError, DEFAULT_ERROR_MESSAGE } from './api-error.ts'

// Apart from api-error.ts so that code which only tells errors apart (the public forms) loads no
// zod. Lenient on purpose: error answers may come from a proxy or the framework, not only our
// envelope.
const errorAnswer = z.object({
  message: z.string().optional().catch(undefined),
  errors: z
    .object({
      message: z.string().optional().catch(undefined),
      fields: z.record(z.string(), z.string()).optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
})

/** The error for a non-2xx answer; `body` is the parsed JSON, or undefined when it was not JSON. */
export function apiErrorFromResponse(status: number, body: unknown): ApiError {
  const parsed = errorAnswer.safeParse(body)
  const answer = parsed.success ? parsed.data : undefined
  const message = nonEmpty(answer?.errors?.message) ?? nonEmpty(answer?.message)
  const fields = answer?.errors?.fields
  return new ApiError({
    kind: 'http',
    status,
    message: message ?? DEFAULT_ERROR_MESSAGE,
    ...(fields ? { fields } : {}),
  })
}

function nonEmpty(value: string | undefined): string | undefined {
  return value?.trim() ? value : undefined
}
