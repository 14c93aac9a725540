// The recharts drawings load on their own after the page hydrates: the page (its tables, picker and
// links) is usable at once, and the chart library (~125 kB gzipped) never delays hydration.
import { lazy } from 'react'

const load = () => import('./charts')

export const SignupsChart = lazy(() => load().then((m) => ({ default: m.SignupsChart })))
export const BarListChart = lazy(() => load().then((m) => ({ default: m.BarListChart })))
export const OrderValueChart = lazy(() => load().then((m) => ({ default: m.OrderValueChart })))
export const PaidVsDueChart = lazy(() => load().then((m) => ({ default: m.PaidVsDueChart })))
