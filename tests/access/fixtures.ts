// Real records the parametrised routes are opened with: a category, a product and a KYC document.
import { eq } from 'drizzle-orm'
import { disputeEvidence, disputes, messageAttachments, notifications, profiles } from '../../db/schema'
import { getDb } from '~/lib/db.server'
import { createSignedUrl } from '~/lib/storage.server'
import { issueDocument } from '~/modules/documents/commands.server'
import { createCategory, createProduct } from '../factories/catalog'
import { createConversation, createMessage } from '../factories/messaging'
import { createOrderWithMilestones } from '../factories/milestones'
import { createOrder } from '../factories/orders'
import { createQuote } from '../factories/quotes'
import { createRfq } from '../factories/trade'
import { makeFile, pdfBytes, pngBytes } from '../factories/files'
import { dispatch } from '../support/app'
import type { Actor, ActorSession } from './actors'

export type Fixtures = {
  actors: Record<Actor, ActorSession>
  categoryId: string
  productId: string
  /** A product of the approved seller (their own, for the seller workspace's edit routes). */
  ownProductId: string
  /** Profile id of the approved seller: a public seller page (/sellers/:id). */
  sellerId: string
  /** Profile id of the pending seller: no public page (KYC not approved). */
  hiddenSellerId: string
  /** User id of the pending seller, who has uploaded a KYC document. */
  documentOwnerId: string
  /** A valid signed link to that document (what an admin would be given). */
  signedDocumentPath: string
  /** An image the approved seller uploaded: /media/products/<hash>.webp. */
  productImagePath: string
  /** An open RFQ of the buyer (only the buyer may close it). */
  rfqId: string
  /** Another open RFQ of the buyer (location Both) that nobody closes: the RFQ board's quote target. */
  boardRfqId: string
  /** An RFQ of the buyer with a Quoted quote of the approved seller: the negotiation page's parties. */
  negotiationRfqId: string
  negotiationQuoteId: string
  /** A Pending order of the buyer with the approved seller: the order page's parties. */
  orderId: string
  /** An unread notice of the approved seller about that order (/notifications opens it). */
  notificationId: string
  /** An open product request of the buyer for the approved seller's product (only that seller sees, quotes or rejects it). */
  productRequestId: string
  /** A conversation between the buyer and the approved seller about the seller's product, with a message and a PDF from the seller. */
  conversationId: string
  /** That PDF (/messages/:conversationId/attachments/:attachmentId). */
  attachmentId: string
  /** A Delivered order of the buyer with the approved seller, on which the buyer opened a dispute with a PDF. */
  disputedOrderId: string
  /** That dispute (/admin/disputes/:id) and its PDF (/orders/:id/dispute/evidence/:evidenceId). */
  disputeId: string
  disputeEvidenceId: string
  /** A proforma invoice (PDF) of the disputed order (/orders/:id/documents/:documentId). */
  tradeDocumentId: string
  /** An Accepted order of the buyer with the approved seller with payment milestones (issue 29). */
  milestoneOrderId: string
  /** Its advance, with the buyer's proof of payment (/orders/:id/milestones/:milestoneId/proof). */
  paidMilestoneId: string
  /** Its balance, upcoming (nobody may act on it yet: the milestone route's refusals change nothing). */
  upcomingMilestoneId: string
}

/** Creates the records; the pending seller uploads a document through the real /kyc-upload action. */
export async function createFixtures(actors: Record<Actor, ActorSession>): Promise<Fixtures> {
  const category = await createCategory()
  const product = await createProduct({ categoryId: category.id })
  const [seller] = await getDb().select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, actors.approvedSeller.userId!))
  const own = await createProduct({ categoryId: category.id, sellerId: seller!.id })
  const [pending] = await getDb().select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, actors.pendingSeller.userId!))
  const body = new FormData()
  body.append('kycDocument', makeFile(pdfBytes(), 'registration.pdf'))
  const upload = await dispatch('/kyc-upload', { method: 'POST', cookie: actors.pendingSeller.cookie, body })
  if (upload.status !== 302) throw new Error(`fixture: KYC upload answered ${upload.status}`)
  const owner = actors.pendingSeller.userId!
  const signed = createSignedUrl(`${owner}/kyc_document.pdf`, 3600)
  const imageBody = new FormData()
  imageBody.append('file', makeFile(pngBytes(), 'photo.png', 'image/png'))
  const imageUpload = await dispatch('/dashboard/products/images', { method: 'POST', cookie: actors.approvedSeller.cookie, body: imageBody })
  if (imageUpload.status !== 200) throw new Error(`fixture: product image upload answered ${imageUpload.status}`)
  const { image } = (await imageUpload.json()) as { image: { path: string } }
  const [buyer] = await getDb().select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, actors.buyer.userId!))
  const rfq = await createRfq(buyer!.id)
  const boardRfq = await createRfq(buyer!.id, { locationPreference: 'Both' })
  const negotiationRfq = await createRfq(buyer!.id)
  const negotiationQuote = await createQuote(negotiationRfq.id, seller!.id)
  const order = await createOrder(buyer!.id, seller!.id)
  const [notice] = await getDb()
    .insert(notifications)
    .values({ recipientId: seller!.id, actorId: buyer!.id, kind: 'order_placed', params: { order: order.id.slice(0, 8) }, link: `/orders/${order.id}` })
    .returning({ id: notifications.id })
  const productRequest = await createRfq(buyer!.id, { productId: own.id, sellerId: seller!.id, description: '' })
  const conversation = await createConversation(buyer!.id, seller!.id, { subjectType: 'product', subjectId: own.id })
  await createMessage(conversation, buyer!.id, 'Is the price negotiable for 20 tonnes?')
  const reply = new FormData()
  reply.append('intent', 'send')
  reply.append('body', 'Yes: our price list is attached.')
  reply.append('clientKey', crypto.randomUUID())
  reply.append('files', makeFile(pdfBytes(), 'price-list.pdf'))
  const sent = await dispatch(`/messages/${conversation.id}`, { method: 'POST', cookie: actors.approvedSeller.cookie, body: reply })
  if (sent.status !== 200) throw new Error(`fixture: sending a message answered ${sent.status}`)
  const [attachment] = await getDb().select({ id: messageAttachments.id }).from(messageAttachments)
  const disputedOrder = await createOrder(buyer!.id, seller!.id, 'Delivered')
  const opening = new FormData()
  opening.append('intent', 'open')
  opening.append('reason', 'damaged')
  opening.append('description', 'Two of the four crates arrived crushed.')
  opening.append('files', makeFile(pdfBytes(), 'photos.pdf'))
  const opened = await dispatch(`/orders/${disputedOrder.id}/dispute`, { method: 'POST', cookie: actors.buyer.cookie, body: opening })
  if (opened.status !== 302) throw new Error(`fixture: opening a dispute answered ${opened.status}`)
  const [dispute] = await getDb().select({ id: disputes.id }).from(disputes).where(eq(disputes.orderId, disputedOrder.id))
  const [evidence] = await getDb().select({ id: disputeEvidence.id }).from(disputeEvidence).where(eq(disputeEvidence.disputeId, dispute!.id))
  const tradeDocument = await issueDocument(disputedOrder.id, 'proforma')
  const milestoneOrder = await createOrderWithMilestones(buyer!.id, seller!.id, { status: 'Accepted', happened: { order_accepted: new Date().toISOString().slice(0, 10) } })
  const [paidMilestoneId, upcomingMilestoneId] = milestoneOrder.milestoneIds
  const proof = new FormData()
  proof.append('intent', 'proof')
  proof.append('bankReference', 'UTR0042')
  proof.append('proof', makeFile(pdfBytes(), 'swift-confirmation.pdf'))
  const proven = await dispatch(`/orders/${milestoneOrder.id}/milestones/${paidMilestoneId}`, { method: 'POST', cookie: actors.buyer.cookie, body: proof })
  if (proven.status !== 302) throw new Error(`fixture: a proof of payment answered ${proven.status}`)
  return {
    actors,
    categoryId: category.id,
    productId: product.id,
    ownProductId: own.id,
    sellerId: seller!.id,
    hiddenSellerId: pending!.id,
    documentOwnerId: owner,
    signedDocumentPath: signed,
    productImagePath: image.path,
    rfqId: rfq.id,
    boardRfqId: boardRfq.id,
    negotiationRfqId: negotiationRfq.id,
    negotiationQuoteId: negotiationQuote.id,
    orderId: order.id,
    notificationId: notice!.id,
    productRequestId: productRequest.id,
    conversationId: conversation.id,
    attachmentId: attachment!.id,
    disputedOrderId: disputedOrder.id,
    disputeId: dispute!.id,
    disputeEvidenceId: evidence!.id,
    tradeDocumentId: tradeDocument!.id,
    milestoneOrderId: milestoneOrder.id,
    paidMilestoneId: paidMilestoneId!,
    upcomingMilestoneId: upcomingMilestoneId!,
  }
}
