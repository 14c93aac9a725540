import type { SeedProduct } from '../types'
import { agricultureProducts } from './agriculture'
import { beveragesProducts } from './beverages'
import { gemsJewelryProducts } from './gems-jewelry'
import { industrialProducts } from './industrial'
import { technologyProducts } from './technology'
import { textilesProducts } from './textiles'
import { wellnessProducts } from './wellness'

/** Every demo product, grouped by top-level category in the files of this folder. */
export const demoProducts: SeedProduct[] = [
  ...wellnessProducts,
  ...gemsJewelryProducts,
  ...agricultureProducts,
  ...technologyProducts,
  ...industrialProducts,
  ...textilesProducts,
  ...beveragesProducts,
]

/**
 * The home page's "New Launches": the eight newest active products, newest first (all listed
 * within the last 7 days). A newer inactive draft (Triphala churna) sits among them on purpose;
 * it must never appear.
 */
export const NEW_LAUNCH_PRODUCT_IDS = [
  'bdcad1da-1490-4112-8cb2-d3a822e600fa', // Ashwagandha root extract
  '1f92d678-854f-4c35-9dd3-6af61bdae825', // Darjeeling estate tea
  '8fb2b78b-c50f-41ee-a6f0-90973bf3a54d', // Ural malachite pendant
  'e85a9a26-6795-4c71-be9d-8d6c698dde63', // Kanchipuram silk saree
  '94d7fc0e-fe15-444f-89ee-003f12b0fa0d', // LoRaWAN sensor
  '9da3be9a-4942-4880-bc92-2310b27da14f', // Ivan-chai
  '8f1d3ad2-0e53-4868-9641-90f5c6359b4c', // Altai honey
  '3ed56e15-e3b3-4e2a-8126-a2a9c79f44d9', // Baltic amber necklace
] as const
