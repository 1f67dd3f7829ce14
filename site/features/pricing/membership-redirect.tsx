import { Redirect } from 'wouter'

/** /membership is a link target only (SPEC §2); it leads to the plans. */
export default function MembershipRedirect() {
  return <Redirect to="/pricing" replace />
}
