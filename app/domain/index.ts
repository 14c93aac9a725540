// The domain rules module (docs/decisions/024-domain-rules-module.md): every value list, status set
// and field primitive, written once and imported by the Drizzle schema, the modules, the routes and
// the tests. Browser-safe and free of Zod: public pages import it without growing their bundle.
export * from './countries'
export * from './currencies'
export * from './days'
export * from './documents'
export * from './fields'
export * from './languages'
export * from './payment-terms'
export * from './quantities'
export * from './rates'
export * from './statuses'
export * from './trade'
export * from './trade-details'
export * from './units'
export * from './registry'
