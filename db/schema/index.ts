export * from './auth'
export * from './accounts'
export * from './catalog'
export * from './email'
