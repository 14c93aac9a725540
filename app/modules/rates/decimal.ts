// The rates module's exact decimals are lib/decimal.ts's: the browser converts amounts for the reader
// with the same functions (lib/conversion.ts), so they live where shared components can import them.
export * from '~/lib/decimal'
