// /dashboard opens on the My Products tab (spec §2: the dashboard's first tab).
export { action, default, loader } from './products'
