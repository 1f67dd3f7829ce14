import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { successBody } from '../../api/envelope.ts'
import { API_PREFIX, type RouteDef } from '../../api/routes.ts'
import { AppError } from './app-error.ts'
import type { AppContext } from '../app-context.ts'
import {
  authenticate,
  authenticateWith,
  bearerToken,
  type AccountLookup,
  type SessionCheck,
} from '../auth/authenticate.ts'

type Output<T> = T extends z.ZodType ? z.output<T> : undefined

export interface HandlerInput<R extends RouteDef, Account = undefined> {
  body: Output<R['body']>
  query: Output<R['query']>
  params: Output<R['params']>
  /** The caller's user id on `access` routes. */
  userId: R['auth'] extends 'access' ? string : undefined
  /** The caller's account row, on `access` routes given an `account` lookup (RouteOptions). */
  account: Account
  /** The presented bearer token on `refresh` routes. */
  bearer: R['auth'] extends 'refresh' ? string : undefined
  request: FastifyRequest
  reply: FastifyReply
}

export interface HandlerResult<R extends RouteDef> {
  data: z.input<R['data']>
  message?: string
}

/**
 * What a handler returns when a conditional GET finds the client's copy current: 304 without a
 * body. Headers the handler set on `reply` (ETag, Cache-Control) are kept.
 */
export const NOT_MODIFIED = Symbol('not modified')

export interface RouteOptions<Account extends SessionCheck | undefined> {
  /**
   * On `access` routes: the route's query of the caller's account row, which the session check
   * reads (authenticateWith) instead of a lookup of its own; the handler gets the row as
   * `account`. For routes whose first step is that row anyway.
   */
  account?: Account extends SessionCheck ? AccountLookup<Account> : never
}

export interface RouteModule {
  route: RouteDef
  register: (app: FastifyInstance, ctx: AppContext) => void
}

/** Turns zod's issues into the envelope's field map and one headline message. */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        fields[[...issue.path, key].join('.')] ??= `Unknown field: ${key}`
      continue
    }
    const name = issue.path.join('.') || '_'
    fields[name] ??= issue.message
  }
  const headline = Object.values(fields)[0] ?? 'Invalid request'
  return new AppError(400, headline, fields)
}

function parse<T extends z.ZodType | undefined>(
  schema: T,
  value: unknown,
  what: string,
): Output<T> {
  if (!schema) {
    const empty =
      value === undefined ||
      value === null ||
      (typeof value === 'object' && Object.keys(value).length === 0)
    if (!empty) throw new AppError(400, `This request takes no ${what}.`)
    return undefined as Output<T>
  }
  const result = schema.safeParse(value ?? (what === 'body' ? undefined : {}))
  if (!result.success) throw validationError(result.error)
  return result.data as Output<T>
}

/**
 * One route of the table bound to its handler: input validated with the table's zod schemas,
 * auth checked, and the answer wrapped in the success envelope.
 */
export function defineRoute<
  R extends RouteDef,
  Account extends SessionCheck | undefined = undefined,
>(
  route: R,
  handler: (
    input: HandlerInput<R, Account>,
    ctx: AppContext,
  ) => Promise<HandlerResult<R> | typeof NOT_MODIFIED>,
  options: RouteOptions<Account> = {},
): RouteModule {
  if (options.account && route.auth !== 'access') {
    throw new Error(`${route.path}: an account lookup needs an access route`)
  }
  return {
    route,
    register(app, ctx) {
      app.route({
        method: route.method,
        url: API_PREFIX + route.path,
        handler: async (request, reply) => {
          const body = parse(route.body, request.body, 'body')
          const query = parse(route.query, request.query, 'query parameters')
          const params = parse(route.params, request.params, 'path parameters')
          const caller =
            route.auth !== 'access'
              ? undefined
              : options.account
                ? await authenticateWith(request, ctx, options.account)
                : { userId: await authenticate(request, ctx), account: undefined }
          const input = {
            body,
            query,
            params,
            userId: caller?.userId,
            account: caller?.account,
            bearer: route.auth === 'refresh' ? bearerToken(request) : undefined,
            request,
            reply,
          } as HandlerInput<R, Account>
          if (route.auth === 'refresh' && !input.bearer) {
            throw new AppError(401, 'Session expired. Please log in again.')
          }
          const result = await handler(input, ctx)
          if (result === NOT_MODIFIED) return reply.status(304).send()
          return reply.status(route.successStatus).send(successBody(result.data, result.message))
        },
      })
    },
  }
}
