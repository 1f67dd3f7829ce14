import type { BillingDeps, PaymentProvider } from './payment-provider.ts'
import { createBuiltInCheckoutProvider } from './built-in-checkout/provider.ts'
import { createStripeProvider } from './stripe/provider.ts'

/** Stripe when STRIPE_SECRET_KEY is set, else the built-in test checkout (the embedded default). */
export function createPaymentProvider(deps: BillingDeps): PaymentProvider {
  return deps.config.stripe
    ? createStripeProvider(deps, deps.config.stripe)
    : createBuiltInCheckoutProvider(deps)
}
