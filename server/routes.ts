import login from './auth/login.ts'
import logout from './auth/logout.ts'
import refreshToken from './auth/refresh-token.ts'
import register from './auth/register.ts'
import resendVerification from './auth/resend-verification.ts'
import resetPassword from './auth/reset-password.ts'
import resetPasswordRequest from './auth/reset-password-request.ts'
import checkResetToken from './auth/check-reset-token.ts'
import verifyEmail from './auth/verify-email.ts'
import cancelSubscription from './billing/cancel-subscription.ts'
import checkout from './billing/checkout.ts'
import verifyPayment from './billing/verify-payment.ts'
import health from './health.ts'
import type { RouteModule } from './http/define-route.ts'
import allPlans from './plans/all-plans.ts'
import contactUs from './users/contact-us.ts'
import dashboard from './users/dashboard.ts'
import listTransactions from './users/list-transactions.ts'
import me from './users/me.ts'
import updateMe from './users/update-me.ts'
import confirmEmailChange from './users/confirm-email-change.ts'
import changePassword from './users/change-password.ts'
import exportAccount from './users/export-account.ts'
import deleteAccount from './users/delete-account.ts'
import convertListing from './listings/convert-listing.ts'
import listListings from './listings/list-listings.ts'
import fillAgain from './listings/fill-again.ts'
import saveLead from './leads/save-lead.ts'
import listLeads from './leads/list-leads.ts'
import updateLead from './leads/update-lead.ts'
import { exportLeadsCsvLink, exportLeadsCsvSelection } from './leads/export-leads-csv.ts'
import setLeadWebhook from './leads/set-lead-webhook.ts'
import exportLeadsWebhook from './leads/export-leads-webhook.ts'
import setFollowUpBoss from './leads/set-follow-up-boss.ts'
import exportFollowUpBoss from './leads/export-follow-up-boss.ts'
import crmSettings from './leads/crm-settings.ts'
import marketplaceFormProfile from './marketplace/form-profile.ts'
import saveFillReport from './marketplace/save-fill-report.ts'
import fillReportsSummary from './marketplace/fill-reports-summary.ts'

/** Every API route; a new feature adds its file and one line here. */
export const routeModules: RouteModule[] = [
  register,
  login,
  verifyEmail,
  resendVerification,
  resetPasswordRequest,
  resetPassword,
  checkResetToken,
  refreshToken,
  logout,
  me,
  updateMe,
  confirmEmailChange,
  changePassword,
  exportAccount,
  deleteAccount,
  dashboard,
  listTransactions,
  contactUs,
  allPlans,
  checkout,
  verifyPayment,
  cancelSubscription,
  convertListing,
  fillAgain,
  listListings,
  saveLead,
  listLeads,
  updateLead,
  exportLeadsCsvLink,
  exportLeadsCsvSelection,
  setLeadWebhook,
  exportLeadsWebhook,
  setFollowUpBoss,
  exportFollowUpBoss,
  crmSettings,
  marketplaceFormProfile,
  saveFillReport,
  fillReportsSummary,
  health,
]
