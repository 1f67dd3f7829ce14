import { useState } from 'react'
import { useLocation } from 'wouter'
import type { Plan } from '../../../api/schemas/plans.ts'
import { isApiError } from '../../../api/client/api-error.ts'
import { getStoredEmail } from '../../lib/auth-storage.ts'
import { toast } from '../../lib/toast.tsx'
import { startCheckout } from './api/start-checkout.ts'
import {
  CHECKOUT_ERROR_MESSAGE,
  LOGIN_REQUIRED_MESSAGE,
  NO_CHECKOUT_URL_MESSAGE,
} from './pricing-rules.ts'

/**
 * "Get Started" (docs/product.md#checkout): a stored e-mail is required; the checkout call answers
 * the payment page's URL and the browser goes there. Returns the plan being checked out, if any.
 */
export function useCheckout(): { pendingPlanId: string | null; subscribe: (plan: Plan) => void } {
  const [, navigate] = useLocation()
  const [pendingPlanId, setPendingPlanId] = useState<string | null>(null)

  function askToLogIn() {
    toast.error(LOGIN_REQUIRED_MESSAGE)
    navigate('/sign-in')
  }

  async function run(plan: Plan) {
    const email = getStoredEmail()
    if (!email) {
      askToLogIn()
      return
    }
    setPendingPlanId(plan.id)
    try {
      const { checkout_url } = await startCheckout(plan.id, email)
      if (checkout_url) {
        // The page unloads; the button stays busy until it does.
        window.location.assign(checkout_url)
        return
      }
      toast.error(NO_CHECKOUT_URL_MESSAGE)
    } catch (error) {
      console.error('Checkout failed:', error)
      if (isApiError(error) && error.kind === 'invalid-response') {
        // An answer without checkout_url does not pass the contract.
        toast.error(NO_CHECKOUT_URL_MESSAGE)
      } else if (isApiError(error) && error.kind === 'session-expired') {
        // The API client has already said so and gone to /sign-in.
      } else if (isApiError(error) && error.status === 401) {
        // An e-mail is stored (e.g. right after sign-up) but nobody is logged in.
        askToLogIn()
      } else {
        toast.error(CHECKOUT_ERROR_MESSAGE)
      }
    }
    setPendingPlanId(null)
  }

  return {
    pendingPlanId,
    subscribe: (plan) => {
      void run(plan)
    },
  }
}
