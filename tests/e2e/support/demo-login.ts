// Kept for specs written before sign-in.ts: the sign-in helper lives there, once.
export { DEMO_PASSWORD, logIn } from './sign-in'
