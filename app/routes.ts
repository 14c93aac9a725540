import { type RouteConfig, index, route } from '@react-router/dev/routes'

export default [
  // public: catalog
  index('routes/public/home.tsx'),
  route('categories/:id', 'routes/public/category.tsx'),
  route('marketplace', 'routes/public/marketplace.tsx'),
  route('marketplace/new', 'routes/public/marketplace-new.tsx'),
  route('products/:id', 'routes/public/product.tsx'),
  route('media/products/:file', 'routes/public/product-media.ts'),
  route('sellers/:id', 'routes/public/seller.tsx'),
  // public: information
  route('trade-instructions', 'routes/public/trade-instructions.tsx'),
  route('trade-instructions/documentation', 'routes/public/trade-documentation.tsx'),
  route('trade-instructions/payment', 'routes/public/trade-payment.tsx'),
  route('trade-instructions/logistics', 'routes/public/trade-logistics.tsx'),
  route('about', 'routes/public/about.tsx'),
  route('contact', 'routes/public/contact.tsx'),
  route('terms', 'routes/public/terms.tsx'),
  route('privacy', 'routes/public/privacy.tsx'),
  route('faq', 'routes/public/faq.tsx'),
  route('logistics', 'routes/public/logistics.tsx'),
  route('guides', 'routes/public/guides.tsx'),
  // auth
  route('login', 'routes/auth/login.tsx'),
  route('register', 'routes/auth/register.tsx'),
  route('verify-email', 'routes/auth/verify-email.tsx'),
  route('forgot-password', 'routes/auth/forgot-password.tsx'),
  route('reset-password', 'routes/auth/reset-password.tsx'),
  route('logout', 'routes/auth/logout.tsx'),
  // account
  route('profile', 'routes/account/profile.tsx'),
  route('currency', 'routes/account/currency.ts'),
  route('complete-profile', 'routes/account/complete-profile.tsx'),
  route('kyc-upload', 'routes/account/kyc-upload.tsx'),
  route('kyc-document', 'routes/account/kyc-document.ts'),
  route('notifications', 'routes/account/notifications.tsx'),
  // trade: requests for quote
  route('create-rfq', 'routes/trade/create-rfq.tsx'),
  route('rfqs', 'routes/trade/rfqs.tsx'),
  route('rfqs/:rfqId/quotes/:quoteId', 'routes/trade/negotiation.tsx'),
  route('orders', 'routes/trade/orders.tsx'),
  route('orders/new', 'routes/trade/order-new.tsx'),
  route('products/:id/request-quote', 'routes/trade/product-request.tsx'),
  route('orders/:id', 'routes/trade/order.tsx'),
  // trade: disputes
  route('orders/:id/dispute', 'routes/trade/order-dispute.tsx'),
  route('orders/:id/dispute/evidence/:evidenceId', 'routes/trade/dispute-evidence.ts'),
  route('orders/:id/documents/:documentId', 'routes/trade/order-document.ts'),
  route('orders/:id/milestones/:milestoneId', 'routes/trade/order-milestone.ts'),
  route('orders/:id/milestones/:milestoneId/proof', 'routes/trade/milestone-proof.ts'),
  // messaging
  route('messages', 'routes/messages/inbox.tsx'),
  route('messages/start', 'routes/messages/start.ts'),
  route('messages/:conversationId', 'routes/messages/thread.tsx'),
  route('messages/:conversationId/attachments/:attachmentId', 'routes/messages/attachment.ts'),
  // seller workspace
  route('dashboard', 'routes/seller/dashboard.tsx', [
    index('routes/seller/overview.tsx'),
    route('products', 'routes/seller/products.tsx'),
    route('orders', 'routes/seller/orders.tsx'),
    route('messages', 'routes/seller/messages.tsx'),
    route('rfqs', 'routes/seller/rfqs.tsx'),
    route('buying', 'routes/seller/buying.tsx'),
  ]),
  route('dashboard/products/new', 'routes/seller/product-new.tsx'),
  route('dashboard/products/:id/edit', 'routes/seller/product-edit.tsx'),
  route('dashboard/products/images', 'routes/seller/product-images.ts'),
  // admin panel (separate identity, ADR 012)
  route('admin', 'routes/admin/index.ts'),
  route('admin/login', 'routes/admin/login.tsx'),
  route('admin/logout', 'routes/admin/logout.ts'),
  route('admin/dashboard', 'routes/admin/dashboard.tsx'),
  route('admin/audit', 'routes/admin/audit.tsx'),
  route('admin/audit/export', 'routes/admin/audit-export.ts'),
  route('admin/kyc', 'routes/admin/kyc.tsx'),
  route('admin/kyc/:profileId/document', 'routes/admin/kyc-document.ts'),
  // admin: user management
  route('admin/users', 'routes/admin/users.tsx'),
  // admin: disputes
  route('admin/disputes', 'routes/admin/disputes.tsx'),
  route('admin/disputes/:id', 'routes/admin/dispute.tsx'),
  route('admin/disputes/:id/evidence/:evidenceId', 'routes/admin/dispute-evidence.ts'),
  route('admin/disputes/:id/proofs/:milestoneId', 'routes/admin/dispute-proof.ts'),
  route('admin/orders/:id/documents/:documentId', 'routes/admin/order-document.ts'),
  // admin: analytics
  route('admin/analytics', 'routes/admin/analytics.tsx'),
  route('admin/analytics/export', 'routes/admin/analytics-export.ts'),
  // admin: exchange rates
  route('admin/rates', 'routes/admin/rates.tsx'),
  // admin: moderation
  route('admin/moderation', 'routes/admin/moderation.tsx'),
  // admin: admin accounts and two-factor
  route('admin/admins', 'routes/admin/admins.tsx'),
  route('admin/security', 'routes/admin/security.tsx'),
  route('admin/two-factor', 'routes/admin/two-factor.tsx'),
  // machine endpoints
  route('api/auth/*', 'routes/api/auth.ts'),
  // the live message stream (server-sent events, ADR 011)
  route('messages/events', 'routes/api/message-events.ts'),
  route('sitemap.xml', 'routes/api/sitemap.ts'),
  route('sitemaps/:file', 'routes/api/sitemap-file.ts'),
  route('robots.txt', 'routes/api/robots.ts'),
  route('dev/outbox', 'routes/dev/outbox.tsx'),
  route('*', 'routes/public/not-found.tsx'),
] satisfies RouteConfig
