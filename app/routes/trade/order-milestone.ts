import { data, redirect } from 'react-router'
import type { Route } from './+types/order-milestone'
import { PAYMENT_PROOF } from '~/domain/uploads'
import { parseSubmission } from '~/lib/form'
import { redirectWithToast } from '~/lib/toast.server'
import { checkUpload, readUploadForm } from '~/lib/uploads.server'
import { requireUser } from '~/modules/accounts/index.server'
import { MILESTONE_NOTE_FORM, MILESTONE_PROOF_FORM, MilestoneNotArrivedSchema, MilestoneProofSchema } from '~/modules/payments'
import { confirmMilestoneReceipt, type MilestoneResult, milestoneRoleOf, reportMilestoneNotArrived, submitMilestoneProof } from '~/modules/payments/index.server'

// POST /orders/:id/milestones/:milestoneId: a party's move on one payment milestone of an order (issue 29
// item 2), from the order page's dialogs: intent 'proof' (the buyer: a file and the bank reference),
// 'confirm' or 'not_arrived' (the seller, with a note). Anyone but the order's two parties, a forged or a
// malformed id: 404, before the form is read. The wrong party: 403; out of turn: 409; bad input: 400 (a
// file too large: 413). Every refusal writes nothing; a move redirects to the order with a toast.

/** A GET (a reload after a refused form without JavaScript) goes to the order page, which decides who sees it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request)
  throw redirect(`/orders/${encodeURIComponent(params.id)}`)
}

const TOASTS = { proof: 'payments:milestones.toast.proofSubmitted', confirm: 'payments:milestones.toast.confirmed', not_arrived: 'payments:milestones.toast.notArrived' } as const

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request)
  const role = user.profile ? await milestoneRoleOf(user.profile.id, params.id, params.milestoneId) : null
  if (!role || !user.profile) throw data(null, { status: 404 })
  const profileId = user.profile.id
  const body = await readUploadForm(request, PAYMENT_PROOF)
  if (!body.ok) return data({ formError: body.reason === 'tooLarge' ? PAYMENT_PROOF.errors.tooLarge : 'payments:milestones.errors.badRequest' }, { status: body.reason === 'tooLarge' ? 413 : 400 })
  const form = body.formData
  const intent = form.get('intent')
  const orderId = params.id.toLowerCase()
  let result: MilestoneResult
  if (intent === 'proof') {
    const parsed = parseSubmission(MilestoneProofSchema, form, MILESTONE_PROOF_FORM)
    if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors }, { status: 400 })
    const checked = await checkUpload(PAYMENT_PROOF, form.get(PAYMENT_PROOF.field))
    if (!checked.ok) return data({ fieldErrors: { proof: checked.error } }, { status: checked.status })
    result = await submitMilestoneProof(profileId, orderId, params.milestoneId, parsed.value, checked.file)
  } else if (intent === 'confirm') {
    result = await confirmMilestoneReceipt(profileId, orderId, params.milestoneId)
  } else if (intent === 'not_arrived') {
    const parsed = parseSubmission(MilestoneNotArrivedSchema, form, MILESTONE_NOTE_FORM)
    if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors }, { status: 400 })
    result = await reportMilestoneNotArrived(profileId, orderId, params.milestoneId, parsed.value)
  } else {
    return data({ formError: 'payments:milestones.errors.badRequest' }, { status: 400 })
  }
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404 })
    return data({ formError: result.error }, { status: result.status })
  }
  return redirectWithToast(request, `/orders/${orderId}`, { type: 'success', key: TOASTS[intent] })
}
