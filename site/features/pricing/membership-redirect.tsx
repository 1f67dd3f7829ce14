import { Redirect } from 'wouter'

/** /membership is a link target only; it leads to the plans (docs/product.md#page-membership). */
export default function MembershipRedirect() {
  return <Redirect to="/pricing" replace />
}
