// What the product page's order form does not need to hydrate, in one chunk loaded with import() (issue
// #11: at most 150 kB of JavaScript per public page): the cost summary, the payment terms the buyer
// proposes (issue 29 item 1), and the order form's schema with the form helper that checks it.
export { CostSummary } from './cost-summary'
export { PlaceOrderSchema } from '~/modules/orders'
export { ProposedPaymentTerms } from '~/modules/payments'
export { parseSubmission } from '~/lib/form'
