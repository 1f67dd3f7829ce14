import { z } from 'zod'
import * as auth from './schemas/auth.ts'
import * as users from './schemas/users.ts'
import * as plans from './schemas/plans.ts'
import * as payment from './schemas/payment.ts'
import * as listings from './schemas/listings.ts'
import * as leads from './schemas/leads.ts'
import * as fillReports from './schemas/fill-reports.ts'
import { marketplaceFormProfile } from './schemas/marketplace-form-profile.ts'

/** Every API path lives under this prefix (docs/product.md#api). */
export const API_PREFIX = '/api/v1'

/**
 * Who may call a route: `none` is public, `access` needs the access token as bearer,
 * `refresh` takes the refresh token as bearer (`POST /auth/refresh-token`).
 */
export type RouteAuth = 'none' | 'access' | 'refresh'
export type HttpMethod = 'GET' | 'POST' | 'PATCH'

export interface RouteDef<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Data extends z.ZodType = z.ZodType,
  Auth extends RouteAuth = RouteAuth,
> {
  method: HttpMethod
  /** Fastify-style path under API_PREFIX; `:name` segments come from `params`. */
  path: string
  auth: Auth
  body: Body
  query: Query
  params: Params
  data: Data
  /** HTTP status of success; 200 unless said. */
  successStatus: number
}

function route<
  Data extends z.ZodType,
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
  Auth extends RouteAuth = RouteAuth,
>(def: {
  method: HttpMethod
  path: string
  auth: Auth
  data: Data
  body?: Body
  query?: Query
  params?: Params
  successStatus?: number
}): RouteDef<Body, Query, Params, Data, Auth> {
  return {
    method: def.method,
    path: def.path,
    auth: def.auth,
    data: def.data,
    body: def.body as Body,
    query: def.query as Query,
    params: def.params as Params,
    successStatus: def.successStatus ?? 200,
  }
}

/** The route table: the one description of every call, used by the server and every client. */
export const routes = {
  register: route({
    method: 'POST',
    path: '/auth/register',
    auth: 'none',
    body: auth.registerBody,
    data: auth.registerData,
    successStatus: 201,
  }),
  login: route({
    method: 'POST',
    path: '/auth/login',
    auth: 'none',
    body: auth.loginBody,
    data: auth.loginData,
  }),
  verifyEmail: route({
    method: 'GET',
    path: '/auth/verify-email/:token',
    auth: 'none',
    params: auth.verifyEmailParams,
    data: auth.verifyEmailData,
  }),
  resendVerification: route({
    method: 'POST',
    path: '/auth/resend-verification',
    auth: 'none',
    body: auth.resendVerificationBody,
    data: auth.emptyData,
  }),
  resetPasswordRequest: route({
    method: 'POST',
    path: '/auth/reset-password-request',
    auth: 'none',
    body: auth.resetPasswordRequestBody,
    data: auth.emptyData,
  }),
  resetPassword: route({
    method: 'POST',
    path: '/auth/reset-password',
    auth: 'none',
    body: auth.resetPasswordBody,
    data: auth.emptyData,
  }),
  checkResetToken: route({
    method: 'GET',
    path: '/auth/reset-password/:token',
    auth: 'none',
    params: auth.checkResetTokenParams,
    data: auth.checkResetTokenData,
  }),
  refreshToken: route({
    method: 'POST',
    path: '/auth/refresh-token',
    auth: 'refresh',
    query: auth.refreshTokenQuery,
    data: auth.refreshTokenData,
  }),
  logout: route({
    method: 'POST',
    path: '/auth/logout',
    auth: 'none',
    body: auth.logoutBody,
    data: auth.emptyData,
  }),
  me: route({ method: 'GET', path: '/users/me', auth: 'access', data: users.me }),
  updateMe: route({
    method: 'PATCH',
    path: '/users/me',
    auth: 'access',
    body: users.updateMeBody,
    data: users.me,
  }),
  confirmEmailChange: route({
    method: 'GET',
    path: '/users/confirm-email/:token',
    auth: 'none',
    params: users.confirmEmailParams,
    data: users.confirmEmailData,
  }),
  changePassword: route({
    method: 'POST',
    path: '/users/change-password',
    auth: 'access',
    body: users.changePasswordBody,
    data: users.changePasswordData,
  }),
  exportAccount: route({
    method: 'GET',
    path: '/users/export',
    auth: 'access',
    data: users.accountExport,
  }),
  deleteAccount: route({
    method: 'POST',
    path: '/users/delete-account',
    auth: 'access',
    body: users.deleteAccountBody,
    data: auth.emptyData,
  }),
  dashboard: route({
    method: 'GET',
    path: '/users/dashboard',
    auth: 'access',
    data: users.dashboard,
  }),
  listTransactions: route({
    method: 'GET',
    path: '/users/transactions',
    auth: 'access',
    query: users.listTransactionsQuery,
    data: users.transactionsPage,
  }),
  contactUs: route({
    method: 'POST',
    path: '/users/contact-us',
    auth: 'none',
    body: users.contactUsBody,
    data: auth.emptyData,
  }),
  allPlans: route({
    method: 'GET',
    path: '/admin/packages/all-plans',
    auth: 'none',
    data: plans.allPlans,
  }),
  checkout: route({
    method: 'POST',
    path: '/payment/checkout',
    auth: 'access',
    query: payment.checkoutQuery,
    data: payment.checkoutData,
  }),
  verifyPayment: route({
    method: 'GET',
    path: '/payment/verify-payment',
    auth: 'none',
    query: payment.verifyPaymentQuery,
    data: payment.verifyPaymentData,
  }),
  cancelSubscription: route({
    method: 'POST',
    path: '/payment/cancel-subscription',
    auth: 'access',
    body: payment.cancelSubscriptionBody,
    data: payment.cancelSubscriptionData,
  }),
  convertListing: route({
    method: 'POST',
    path: '/listings/convert',
    auth: 'access',
    body: listings.convertListingBody,
    data: listings.convertListingData,
  }),
  /** A fresh draft of a stored listing (the Listings page's "Fill again"), metered like a conversion. */
  fillAgain: route({
    method: 'POST',
    path: '/listings/:id/fill-again',
    auth: 'access',
    params: listings.listingIdParams,
    data: listings.convertListingData,
  }),
  listListings: route({
    method: 'GET',
    path: '/listings',
    auth: 'access',
    query: listings.listListingsQuery,
    data: listings.listingsPage,
  }),
  healthz: route({
    method: 'GET',
    path: '/healthz',
    auth: 'none',
    data: z.object({ ok: z.literal(true) }),
  }),
  saveLead: route({
    method: 'POST',
    path: '/leads',
    auth: 'access',
    body: leads.saveLeadBody,
    data: leads.saveLeadData,
  }),
  listLeads: route({
    method: 'GET',
    path: '/leads',
    auth: 'access',
    query: leads.listLeadsQuery,
    data: leads.leadsPage,
  }),
  updateLead: route({
    method: 'POST',
    path: '/leads/update',
    auth: 'access',
    body: leads.updateLeadBody,
    data: leads.updateLeadData,
  }),
  /**
   * Both answer `text/csv` (UTF-8 with BOM), not the envelope; errors are still in the envelope.
   * The server registers them as plain routes (server/leads/export-leads-csv.ts); `data` is the
   * CSV. GET takes filters only (a link); POST takes a selection of ids too (the dashboard).
   */
  exportLeadsCsv: route({
    method: 'GET',
    path: '/leads/export.csv',
    auth: 'access',
    query: leads.exportLeadsCsvQuery,
    data: z.string(),
  }),
  exportLeadsCsvPost: route({
    method: 'POST',
    path: '/leads/export.csv',
    auth: 'access',
    body: leads.exportLeadsCsvBody,
    data: z.string(),
  }),
  setLeadWebhook: route({
    method: 'POST',
    path: '/leads/webhook',
    auth: 'access',
    body: leads.leadWebhookBody,
    data: leads.leadWebhookData,
  }),
  exportLeadsWebhook: route({
    method: 'POST',
    path: '/leads/export-webhook',
    auth: 'access',
    body: leads.exportLeadsWebhookBody,
    data: leads.exportLeadsWebhookData,
    // Queued, not yet delivered: the delivery log (crmSettings) says how it goes.
    successStatus: 202,
  }),
  setFollowUpBoss: route({
    method: 'POST',
    path: '/leads/follow-up-boss',
    auth: 'access',
    body: leads.followUpBossBody,
    data: leads.followUpBossData,
  }),
  exportLeadsFollowUpBoss: route({
    method: 'POST',
    path: '/leads/export-follow-up-boss',
    auth: 'access',
    body: leads.exportLeadsFollowUpBossBody,
    data: leads.exportLeadsFollowUpBossData,
    // Queued, not yet delivered: the delivery log (crmSettings) says how it goes.
    successStatus: 202,
  }),
  crmSettings: route({
    method: 'GET',
    path: '/leads/crm',
    auth: 'access',
    data: leads.crmSettingsData,
  }),
  /** Public: the extension fetches it to fill Marketplace's form; answers ETag and 304. */
  marketplaceFormProfile: route({
    method: 'GET',
    path: '/marketplace/form-profile',
    auth: 'none',
    data: marketplaceFormProfile,
  }),
  /** After each fill: per field what came of it (docs/operations.md#form-health). */
  saveFillReport: route({
    method: 'POST',
    path: '/marketplace/fill-reports',
    auth: 'access',
    body: fillReports.fillReportBody,
    data: fillReports.fillReportSaved,
    successStatus: 201,
  }),
  /** Operators only (`ADMIN_EMAILS`): fill rates per field and day. */
  fillReportsSummary: route({
    method: 'GET',
    path: '/admin/marketplace/fill-reports',
    auth: 'access',
    query: fillReports.fillReportsQuery,
    data: fillReports.fillReportsSummary,
  }),
} as const

export type Routes = typeof routes
export type RouteName = keyof Routes

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined
type Input<T> = T extends z.ZodType ? z.input<T> : undefined
export type RouteData<N extends RouteName> = z.infer<Routes[N]['data']>
export type RouteBody<N extends RouteName> = Input<Routes[N]['body']>
export type RouteQuery<N extends RouteName> = Input<Routes[N]['query']>
export type RouteParams<N extends RouteName> = Infer<Routes[N]['params']>
