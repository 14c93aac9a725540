import type { Db } from '~/lib/db.server'
import { addMoney } from '~/modules/catalog/money'
import { multiplyDecimal } from '~/lib/decimal'
import { defaultCurrencyOf } from '../../app/domain'
import { ratesInForce } from '~/modules/rates/index.server'
import type { Currency, DisputeDecision, DisputeReason, IncotermCode, LocationPreference, OrderStatus, QuantityUnit, QuoteStatus, RoundAction, TradeParty, TradingCountry } from '../../app/domain'
import { disputeMessages, disputes, orderEvents, orders, profiles, quoteRounds, quotes, rfqs } from '../schema'
import { DEMO_ACCOUNTS } from './accounts'
import { demoProducts } from './products'
import { SELLER_IDS } from './sellers'
import type { SeedProduct } from './types'

// The demo market (issue 8): RFQs, quotes negotiated over several rounds, and orders in every status,
// so the demo buyer and the demo seller both open a living market. Every time is relative to the
// moment of seeding (days ago; deadlines days ahead), so open RFQs and live offers never look stale.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const DAY_MS = 24 * 60 * 60 * 1000
const BUYER = DEMO_ACCOUNTS.buyer.profileId
const SELLER = DEMO_ACCOUNTS.seller.profileId

/** Buyers without a login, like the catalog sellers: they ask on the board and order from others. */
export const BUYER_IDS = {
  nevaFoods: '6a19cec0-110e-4a93-af8f-58216fa63f29',
  kaveriHospitality: 'c7b3d8fa-1dad-45a8-9b59-b9b4eec7bf2e',
  sibirPharma: '03dc02d1-7fb4-4846-9983-7631ac2a6d8d',
  chandniChowkTea: 'da02dc5e-c249-4717-9b8e-98e0248b0a7c',
} as const

export type SeedBuyer = {
  id: string
  name: string
  email: string
  country: TradingCountry
  phoneNumber: string
  companyName: string
  preferredLanguage: 'en' | 'ru' | 'hi'
  joinedDaysAgo: number
}

export const demoBuyers: SeedBuyer[] = [
  {
    id: BUYER_IDS.nevaFoods,
    name: 'Pavel Sokolov',
    email: 'p.sokolov@nevafoods.example.ru',
    country: 'Russia',
    phoneNumber: '+7 812 334-21-90',
    companyName: 'Neva Foods Distribution LLC',
    preferredLanguage: 'ru',
    joinedDaysAgo: 160,
  },
  {
    id: BUYER_IDS.kaveriHospitality,
    name: 'Ananya Iyer',
    email: 'ananya.iyer@kaverihospitality.example.in',
    country: 'India',
    phoneNumber: '+91 80 4455 2031',
    companyName: 'Kaveri Hospitality Supplies Pvt Ltd',
    preferredLanguage: 'en',
    joinedDaysAgo: 120,
  },
  {
    id: BUYER_IDS.sibirPharma,
    name: 'Olga Petrova',
    email: 'o.petrova@sibirpharma.example.ru',
    country: 'Russia',
    phoneNumber: '+7 383 210-47-55',
    companyName: 'Sibir Pharma Distribution JSC',
    preferredLanguage: 'ru',
    joinedDaysAgo: 200,
  },
  {
    id: BUYER_IDS.chandniChowkTea,
    name: 'Aman Malhotra',
    email: 'aman@cctteahouse.example.in',
    country: 'India',
    phoneNumber: '+91 11 2391 7720',
    companyName: 'Chandni Chowk Tea House',
    preferredLanguage: 'hi',
    joinedDaysAgo: 90,
  },
]

/** The trade terms of an offer or counter; a counter repeats only what it changes. */
type Terms = {
  unitPrice: string
  quantity?: number
  incoterm?: IncotermCode
  incotermPlace?: string
  leadTimeDays?: number
  paymentTerms?: string | null
  validityDays?: number
}

type SeedRound =
  | { by: TradeParty; action: 'counter'; daysAgo: number; terms: Terms; message?: string }
  | { by: TradeParty; action: 'accept' | 'decline'; daysAgo: number; message?: string }

type SeedEvent = { status: Exclude<OrderStatus, 'Pending'>; by: 'buyer' | 'seller'; daysAgo: number; note?: string }

export type SeedQuote = {
  id: string
  sellerId: string
  currency: Currency
  minOrderQuantity: number
  /** The seller's first round (the quote dialog): every term, for the RFQ's quantity. */
  offer: Required<Omit<Terms, 'quantity'>> & { daysAgo: number; message: string }
  /** The rounds after the offer, oldest first. */
  rounds: SeedRound[]
  /** When the last round is an accept: the order it made and its status changes after Pending. */
  order?: { id: string; events: SeedEvent[] }
}

export type SeedRfq = {
  id: string
  buyerId: string
  title: string
  description: string
  categoryId: string
  budgetMin: string | null
  budgetMax: string | null
  currency: Currency
  quantity: number
  unit: QuantityUnit
  /** Days from the seeding day to the deadline; null for none. */
  deadlineInDays: number | null
  locationPreference: LocationPreference
  incoterm: IncotermCode | null
  incotermPlace: string | null
  destination: string | null
  hsCode: string | null
  daysAgo: number
  /** Closed by the buyer this many days ago. Awarded follows from an accepted quote. */
  closedDaysAgo?: number
  /** A product request (ADR 009): asked from this product's page, addressed to its seller alone. */
  productId?: string
  /** The addressed seller rejected the request this many days ago, with this reason. */
  rejected?: { daysAgo: number; reason: string }
  quotes: SeedQuote[]
}

/** Fixed ids, so links into the demo (README, tests) stay the same on every install. */
export const DEMO_RFQ_IDS = {
  wheat: 'ea92896f-6ff6-4a5e-af5a-07b3e9ce2bed',
  sunflowerOil: '35cfb489-a4ce-4083-8fe8-9f73ffe5cc9a',
  chaga: '8d3cb366-0cd2-4376-92b3-6ac1c3738ae0',
  diamonds: '7d732de1-d276-4149-b71d-3eee228be97e',
  buckwheat: '6d9c3703-ccfb-4e6b-bf4f-24321657c8d9',
  wheatTrial: '8030c38f-af0c-4236-86f1-2a4f8058cc34',
  assamTea: '2b0ff27b-895c-4e3a-96b9-9ba2704ea581',
  honey: '7dc3ba88-fbbf-42d4-8446-624d5144546c',
  ashwagandha: 'bfa96bd9-33ec-4439-a814-20c4c7072109',
  ivanChai: '17a08ec3-ac9e-4573-ad54-da92b9ba08aa',
  buckwheatGroats: 'f124326f-a55d-48ee-b87a-ecc5d565a4e0',
  basmati: 'ec13753a-1e7a-4dbb-9227-4529b4a55ad3',
  orthodoxTea: '1dffb36f-3c21-475b-8bcd-4276e67008f7',
  amber: '7b91b9f1-8aa9-4355-8e30-e74f082d6884',
  // Product requests (ADR 009)
  sunflowerOilRequest: 'c0f6a4d2-5b1e-4c3a-9e8f-2d7b6a1c4e90',
  buckwheatRequest: '4e2b9c71-8d3f-4a6e-b5c2-1f9e7d3a6b58',
  honeyRequest: '9a7d3e15-2c4b-4f8a-a6d1-5e3b8c9f2a47',
  seaBuckthornRequest: 'e5c8b2a9-7f1d-4e3b-8a6c-3d9f1b7e5c26',
} as const

export const DEMO_ORDER_IDS = {
  honeyPending: '5d3c8944-3b2d-40de-81dc-3f0a3d6ea1cf',
  buckwheatAccepted: 'ec1a6bdc-0020-4941-8987-a6ea9d203ef7',
  ivanChaiShipped: '277f92fc-9a10-452f-81ff-ed27be1f934d',
  wheatDelivered: 'd0e5cfa4-5510-4780-a908-3d0db61eea7f',
  wheatCancelled: '90de03dd-4911-4a58-9c40-98b537f9362b',
  buckwheatCancelledBySeller: '8192a012-9767-48ea-848c-df08165c74ce',
  basmatiDelivered: '20cf86b9-350f-470c-9581-426b33db69b5',
  buckwheatPending: '10f8a977-d99d-4646-a49b-7e0068f7bd94',
  ashwagandhaShipped: 'eb0d7bc1-253a-4585-954a-55946ed67231',
  diamondsDelivered: '32a2640e-030e-4fb4-be54-515876c2e294',
  ivanChaiAccepted: '81b0c46f-ab9f-4db7-9d63-d943b0eda7f3',
} as const

const PRODUCT = {
  wheat: 'a793caaf-158e-4d7f-95b8-1c9205e4daf8',
  buckwheat: '298f7bd3-9282-4493-8fdf-64e7a79b3dfc',
  honey: '8f1d3ad2-0e53-4868-9641-90f5c6359b4c',
  ivanChai: '9da3be9a-4942-4880-bc92-2310b27da14f',
  ashwagandha: 'bdcad1da-1490-4112-8cb2-d3a822e600fa',
  roughDiamonds: 'd98763ac-3498-448c-93f2-227db1aca0e1',
  sunflowerOil: '3ce67871-5a83-4b1b-9e92-6aca276ceae9',
  seaBuckthornOil: '51970382-872f-40d3-b1a0-992af89ae2c7',
} as const

export const demoRfqs: SeedRfq[] = [
  // ---- The demo buyer's RFQs (Sharma Imports, India) ----
  {
    id: DEMO_RFQ_IDS.wheat,
    buyerId: BUYER,
    title: 'Milling wheat, 12.5% protein, 3,000 tonnes',
    description:
      'Russian class 3 milling wheat for our flour mill in Gujarat. Protein 12.5% minimum, moisture 13.5% maximum, falling number 250 s. Phytosanitary certificate and SGS inspection at loading.',
    categoryId: 'agriculture-grains',
    budgetMin: '690000.00',
    budgetMax: '750000.00',
    currency: 'USD',
    quantity: 3000,
    unit: 'tonnes',
    deadlineInDays: 21,
    locationPreference: 'Russia',
    incoterm: 'CFR',
    incotermPlace: 'Mundra',
    destination: 'Mundra, Gujarat',
    hsCode: '100199',
    daysAgo: 9,
    quotes: [
      {
        id: 'ca804926-19a7-4c21-b447-4ba9790cd4fc',
        sellerId: SELLER,
        currency: 'USD',
        minOrderQuantity: 500,
        offer: {
          daysAgo: 8,
          unitPrice: '248.00',
          incoterm: 'CFR',
          incotermPlace: 'Mundra',
          leadTimeDays: 40,
          paymentTerms: '20% advance, 80% against bill of lading',
          validityDays: 30,
          message: 'Crop 2025 wheat from Rostov elevators, GOST 9353 class 3, protein 12.5% minimum. Loading at Novorossiysk.',
        },
        rounds: [
          { by: 'buyer', action: 'counter', daysAgo: 6, terms: { unitPrice: '236.00', quantity: 3000 }, message: 'Our mill can take the full 3,000 t at 236.00 if you can hold the 40 days.' },
          { by: 'seller', action: 'counter', daysAgo: 4, terms: { unitPrice: '241.50', quantity: 3000, leadTimeDays: 38 }, message: 'We can meet you at 241.50 and ship two days sooner.' },
        ],
      },
    ],
  },
  {
    id: DEMO_RFQ_IDS.sunflowerOil,
    buyerId: BUYER,
    title: 'Refined sunflower oil in flexitanks, 200 tonnes',
    description: 'RBD winterised sunflower oil for repacking in 1 L and 5 L bottles. Flexitanks of 20–22 t, COA per tank, FSSAI-compliant labelling documents.',
    categoryId: 'agriculture-edible-oils',
    budgetMin: null,
    budgetMax: '230000.00',
    currency: 'USD',
    quantity: 200,
    unit: 'tonnes',
    deadlineInDays: 14,
    locationPreference: 'Russia',
    incoterm: 'CIF',
    incotermPlace: 'Nhava Sheva',
    destination: 'Nhava Sheva (JNPT), Mumbai',
    hsCode: '151219',
    daysAgo: 6,
    quotes: [
      {
        id: '058fb3b4-688a-4383-a748-8bf481662211',
        sellerId: SELLER,
        currency: 'USD',
        minOrderQuantity: 20,
        offer: {
          daysAgo: 5,
          unitPrice: '1140.00',
          incoterm: 'CIF',
          incotermPlace: 'Nhava Sheva',
          leadTimeDays: 30,
          paymentTerms: 'Letter of credit at sight',
          validityDays: 21,
          message: 'RBD winterised, flexitanks of 22 t, certificate of analysis per tank.',
        },
        rounds: [{ by: 'buyer', action: 'counter', daysAgo: 2, terms: { unitPrice: '1085.00', quantity: 200 }, message: 'Other offers are near 1,080. Can you do 1,085 for the 200 t?' }],
      },
    ],
  },
  {
    id: DEMO_RFQ_IDS.chaga,
    buyerId: BUYER,
    title: 'Wild Siberian chaga chunks, 500 kg',
    description: 'Wild-harvested birch chaga for an Ayurvedic tea blend. Cleaned chunks 1–5 cm, moisture under 12%, pesticide and heavy-metal report per lot.',
    categoryId: 'wellness-natural-remedies',
    budgetMin: '10000.00',
    budgetMax: '13000.00',
    currency: 'USD',
    quantity: 500,
    unit: 'kg',
    deadlineInDays: 30,
    locationPreference: 'Both',
    incoterm: 'FCA',
    incotermPlace: 'Novosibirsk',
    destination: 'New Delhi',
    hsCode: '121190',
    daysAgo: 4,
    quotes: [
      {
        id: 'e925102e-da49-4449-9e2f-ef0cc072e717',
        sellerId: SELLER_IDS.taigaNaturals,
        currency: 'USD',
        minOrderQuantity: 100,
        offer: {
          daysAgo: 3,
          unitPrice: '23.50',
          incoterm: 'FCA',
          incotermPlace: 'Novosibirsk',
          leadTimeDays: 14,
          paymentTerms: '50% advance, 50% before dispatch',
          validityDays: 30,
          message: 'Birch chaga from Tomsk Oblast, hand-cleaned, moisture under 12%, 20 kg kraft bags.',
        },
        rounds: [],
      },
    ],
  },
  {
    id: DEMO_RFQ_IDS.diamonds,
    buyerId: BUYER,
    title: 'Rough diamonds 0.5–2 ct, Kimberley certified, 300 carats',
    description: 'Run-of-mine rough, sawable and makeable, for our cutting partners in Surat. Kimberley Process certificate per shipment, insured transit.',
    categoryId: 'gems-diamonds',
    budgetMin: '520000.00',
    budgetMax: '560000.00',
    currency: 'USD',
    quantity: 300,
    unit: 'carats',
    deadlineInDays: 25,
    locationPreference: 'Russia',
    incoterm: 'CIP',
    incotermPlace: 'Surat',
    destination: 'Surat, Gujarat',
    hsCode: '710231',
    daysAgo: 8,
    quotes: [
      {
        id: '26838aa3-0b18-4e9f-ae1f-e93dcad90049',
        sellerId: SELLER_IDS.yakutiaDiamond,
        currency: 'USD',
        minOrderQuantity: 50,
        offer: {
          daysAgo: 7,
          unitPrice: '1890.00',
          incoterm: 'CIP',
          incotermPlace: 'Surat',
          leadTimeDays: 21,
          paymentTerms: 'Irrevocable letter of credit, 100% at sight',
          validityDays: 14,
          message: 'Run-of-mine parcel, sawable and makeable, KP certificate per shipment.',
        },
        rounds: [
          { by: 'buyer', action: 'counter', daysAgo: 5, terms: { unitPrice: '1795.00', quantity: 300 }, message: 'At 1,795 we can confirm 300 ct this week.' },
          { by: 'seller', action: 'counter', daysAgo: 3, terms: { unitPrice: '1850.00', quantity: 250 }, message: 'We can do 1,850 for 250 ct; that is our floor for this assortment.' },
          { by: 'buyer', action: 'counter', daysAgo: 1, terms: { unitPrice: '1820.00', quantity: 250 }, message: '1,820 for 250 ct and we sign today.' },
        ],
      },
    ],
  },
  {
    id: DEMO_RFQ_IDS.buckwheat,
    buyerId: BUYER,
    title: 'Buckwheat kernels, grade 1, 40 tonnes',
    description: 'Steamed buckwheat kernels for health-food retail in South India. Grade 1 per GOST 5550, 1 t big bags, fumigation certificate.',
    categoryId: 'agriculture-grains',
    budgetMin: '3300000.00',
    budgetMax: '3600000.00',
    currency: 'RUB',
    quantity: 40,
    unit: 'tonnes',
    deadlineInDays: 10,
    locationPreference: 'Russia',
    incoterm: 'FCA',
    incotermPlace: 'Novorossiysk',
    destination: 'Chennai',
    hsCode: '110429',
    daysAgo: 20,
    quotes: [
      {
        id: '870163ba-3b49-4dc6-9c99-60d082c455ad',
        sellerId: SELLER,
        currency: 'RUB',
        minOrderQuantity: 20,
        offer: {
          daysAgo: 19,
          unitPrice: '89000.00',
          incoterm: 'FCA',
          incotermPlace: 'Novorossiysk',
          leadTimeDays: 25,
          paymentTerms: '30% advance, 70% against documents',
          validityDays: 30,
          message: 'Kernels from the Altai crop, steamed, in 1 t big bags.',
        },
        rounds: [
          { by: 'buyer', action: 'counter', daysAgo: 17, terms: { unitPrice: '84000.00', quantity: 40 }, message: 'Would 84,000 per tonne work for the full 40 t?' },
          { by: 'seller', action: 'counter', daysAgo: 16, terms: { unitPrice: '86500.00', quantity: 40 }, message: "Let's split the difference: 86,500." },
          { by: 'buyer', action: 'accept', daysAgo: 15 },
        ],
        order: {
          id: DEMO_ORDER_IDS.buckwheatAccepted,
          events: [{ status: 'Accepted', by: 'seller', daysAgo: 14, note: 'Confirmed. Loading slot at Novorossiysk booked for next week.' }],
        },
      },
    ],
  },
  {
    id: DEMO_RFQ_IDS.wheatTrial,
    buyerId: BUYER,
    title: 'Milling wheat trial lot, 500 tonnes',
    description: 'A first trial shipment of Russian milling wheat before a volume contract. Protein 12.5% minimum, SGS inspection at loading.',
    categoryId: 'agriculture-grains',
    budgetMin: null,
    budgetMax: null,
    currency: 'USD',
    quantity: 500,
    unit: 'tonnes',
    deadlineInDays: null,
    locationPreference: 'Russia',
    incoterm: 'CFR',
    incotermPlace: 'Mundra',
    destination: 'Mundra, Gujarat',
    hsCode: '100199',
    daysAgo: 58,
    quotes: [
      {
        id: '065540d5-0eb5-4c8d-ab0b-4f529df4a50f',
        sellerId: SELLER,
        currency: 'USD',
        minOrderQuantity: 500,
        offer: {
          daysAgo: 57,
          unitPrice: '252.00',
          incoterm: 'CFR',
          incotermPlace: 'Mundra',
          leadTimeDays: 35,
          paymentTerms: '20% advance, 80% against bill of lading',
          validityDays: 30,
          message: 'Class 3 wheat, protein 12.5% minimum, shipment from Novorossiysk.',
        },
        rounds: [
          { by: 'buyer', action: 'counter', daysAgo: 55, terms: { unitPrice: '244.00', quantity: 500 }, message: 'A trial lot at 244.00, and we will come back for volume.' },
          { by: 'seller', action: 'accept', daysAgo: 54 },
        ],
        order: {
          id: DEMO_ORDER_IDS.wheatDelivered,
          events: [
            { status: 'Accepted', by: 'seller', daysAgo: 53.5, note: 'Confirmed; vessel nominated.' },
            { status: 'Shipped', by: 'seller', daysAgo: 48, note: 'B/L NVS-2291, MV Volga Star, ETA Mundra in 24 days.' },
            { status: 'Delivered', by: 'seller', daysAgo: 22, note: "Discharged at Mundra; quality certificate signed by the buyer's surveyor." },
          ],
        },
      },
    ],
  },
  {
    id: DEMO_RFQ_IDS.amber,
    buyerId: BUYER,
    title: 'Baltic amber beads for a jewellery line, 50 kg',
    description: 'Polished Baltic amber beads 6–12 mm, mixed honey and cognac colours, drilled, for a jewellery line in Jaipur.',
    categoryId: 'gems-amber',
    budgetMin: null,
    budgetMax: '40000.00',
    currency: 'USD',
    quantity: 50,
    unit: 'kg',
    deadlineInDays: null,
    locationPreference: 'Russia',
    incoterm: 'DAP',
    incotermPlace: 'Jaipur',
    destination: 'Jaipur, Rajasthan',
    hsCode: null,
    daysAgo: 30,
    closedDaysAgo: 25,
    quotes: [
      {
        id: '8b0fd719-485b-4f81-9f01-60bd8680bc02',
        sellerId: SELLER_IDS.amberCoast,
        currency: 'USD',
        minOrderQuantity: 10,
        offer: {
          daysAgo: 28,
          unitPrice: '720.00',
          incoterm: 'DAP',
          incotermPlace: 'Jaipur',
          leadTimeDays: 18,
          paymentTerms: '100% advance',
          validityDays: 14,
          message: 'Kaliningrad amber, polished and drilled, sorted by colour.',
        },
        rounds: [],
      },
    ],
  },
  // ---- Other buyers' RFQs ----
  {
    id: DEMO_RFQ_IDS.assamTea,
    buyerId: BUYER_IDS.nevaFoods,
    title: 'Assam CTC tea, BP grade for tea bags, 20 tonnes',
    description: 'Assam CTC broken pekoe for our tea-bag line in Saint Petersburg. 25 kg paper sacks, lab report per lot, EAC documents.',
    categoryId: 'beverages-tea',
    budgetMin: null,
    budgetMax: '6500000.00',
    currency: 'RUB',
    quantity: 20,
    unit: 'tonnes',
    deadlineInDays: 18,
    locationPreference: 'India',
    incoterm: 'CPT',
    incotermPlace: 'Moscow',
    destination: 'Moscow',
    hsCode: '090240',
    daysAgo: 5,
    quotes: [
      {
        id: '9e634bdf-5295-4dd7-a481-441d3e6f53e9',
        sellerId: SELLER_IDS.easternLeaf,
        currency: 'USD',
        minOrderQuantity: 5,
        offer: {
          daysAgo: 4,
          unitPrice: '3550.00',
          incoterm: 'CPT',
          incotermPlace: 'Moscow',
          leadTimeDays: 45,
          paymentTerms: '30% advance, 70% against documents',
          validityDays: 30,
          message: 'Estate-packed BP in 25 kg paper sacks, lab report per lot.',
        },
        rounds: [],
      },
    ],
  },
  {
    id: DEMO_RFQ_IDS.honey,
    buyerId: BUYER_IDS.kaveriHospitality,
    title: 'Wildflower honey in 25 kg pails, 5 tonnes',
    description: 'Raw wildflower honey for our hotel kitchens and breakfast buffets. 25 kg food-grade pails, moisture under 18%, HMF report.',
    categoryId: 'agriculture-honey',
    budgetMin: '4000000.00',
    budgetMax: '4500000.00',
    currency: 'INR',
    quantity: 5000,
    unit: 'kg',
    deadlineInDays: 20,
    locationPreference: 'Both',
    incoterm: 'DAP',
    incotermPlace: 'Chennai',
    destination: 'Chennai',
    hsCode: '040900',
    daysAgo: 2,
    quotes: [],
  },
  {
    id: DEMO_RFQ_IDS.ashwagandha,
    buyerId: BUYER_IDS.sibirPharma,
    title: 'Ashwagandha root extract 5% withanolides, 2 tonnes',
    description: 'Standardised ashwagandha root extract for a dietary-supplement line. HPLC certificate of analysis, GMP, stability data for 24 months.',
    categoryId: 'wellness-ayurveda',
    budgetMin: null,
    budgetMax: null,
    currency: 'USD',
    quantity: 2000,
    unit: 'kg',
    deadlineInDays: 28,
    locationPreference: 'India',
    incoterm: 'CIP',
    incotermPlace: 'Novosibirsk',
    destination: 'Novosibirsk',
    hsCode: '130219',
    daysAgo: 7,
    quotes: [
      {
        id: '718978a0-fdbf-4987-9c02-295716829d56',
        sellerId: SELLER_IDS.himveda,
        currency: 'USD',
        minOrderQuantity: 25,
        offer: {
          daysAgo: 6,
          unitPrice: '41.00',
          incoterm: 'CIP',
          incotermPlace: 'Novosibirsk',
          leadTimeDays: 30,
          paymentTerms: '50% advance, 50% against documents',
          validityDays: 30,
          message: 'HPLC-tested 5% withanolides, GMP and halal certified.',
        },
        rounds: [
          { by: 'buyer', action: 'counter', daysAgo: 4, terms: { unitPrice: '36.50', quantity: 2000 }, message: 'Our target is 36.50 for the 2 t.' },
          { by: 'seller', action: 'counter', daysAgo: 2, terms: { unitPrice: '38.75', quantity: 2000 }, message: 'We can do 38.75, with the CoA and stability data included.' },
        ],
      },
    ],
  },
  {
    id: DEMO_RFQ_IDS.ivanChai,
    buyerId: BUYER_IDS.chandniChowkTea,
    title: 'Fermented fireweed (Ivan-chai) leaf tea, 600 kg',
    description: 'Hand-rolled fermented fireweed tea for our speciality tea rooms in Delhi. 1 kg pouches, organic certificate welcome.',
    categoryId: 'beverages-herbal-tea',
    budgetMin: '8000.00',
    budgetMax: '9500.00',
    currency: 'EUR',
    quantity: 600,
    unit: 'kg',
    deadlineInDays: 35,
    locationPreference: 'Russia',
    incoterm: 'FCA',
    incotermPlace: 'Moscow',
    destination: 'New Delhi',
    hsCode: null,
    daysAgo: 3,
    quotes: [
      {
        id: '3bc41815-9e7c-4dd7-bc88-f1ed4020e85f',
        sellerId: SELLER,
        currency: 'RUB',
        minOrderQuantity: 50,
        offer: {
          daysAgo: 2,
          unitPrice: '1450.00',
          incoterm: 'FCA',
          incotermPlace: 'Moscow',
          leadTimeDays: 12,
          paymentTerms: '100% advance',
          validityDays: 30,
          message: 'Hand-rolled and fermented, 1 kg kraft pouches; air or rail via Moscow.',
        },
        rounds: [],
      },
    ],
  },
  {
    id: DEMO_RFQ_IDS.buckwheatGroats,
    buyerId: BUYER_IDS.kaveriHospitality,
    title: 'Roasted buckwheat groats for hotel kitchens, 10 tonnes',
    description: 'Roasted buckwheat groats for gluten-free menus across our hotel group. 25 kg bags, shelf life 12 months from production.',
    categoryId: 'agriculture-grains',
    budgetMin: null,
    budgetMax: '11500.00',
    currency: 'USD',
    quantity: 10,
    unit: 'tonnes',
    deadlineInDays: 24,
    locationPreference: 'Both',
    incoterm: 'CIF',
    incotermPlace: 'Chennai',
    destination: 'Chennai',
    hsCode: '110429',
    daysAgo: 12,
    quotes: [
      {
        id: '51f83f97-5a0c-4d80-86d0-0b372936766b',
        sellerId: SELLER,
        currency: 'USD',
        minOrderQuantity: 5,
        offer: {
          daysAgo: 11,
          unitPrice: '1150.00',
          incoterm: 'CIF',
          incotermPlace: 'Chennai',
          leadTimeDays: 30,
          paymentTerms: '30% advance, 70% against documents',
          validityDays: 30,
          message: 'Roasted kernels from the 2025 crop, 25 kg bags.',
        },
        rounds: [
          { by: 'buyer', action: 'counter', daysAgo: 9, terms: { unitPrice: '1020.00', quantity: 10 }, message: 'Our hotels need 10 t; could you do 1,020?' },
          { by: 'seller', action: 'counter', daysAgo: 7, terms: { unitPrice: '1095.00', quantity: 10 }, message: '1,095, with free storage until shipment.' },
          { by: 'buyer', action: 'counter', daysAgo: 3, terms: { unitPrice: '1060.00', quantity: 12 }, message: 'We can take 12 t at 1,060.' },
        ],
      },
    ],
  },
  {
    id: DEMO_RFQ_IDS.basmati,
    buyerId: BUYER_IDS.nevaFoods,
    title: 'Basmati rice 1121 steam, 100 tonnes',
    description: '1121 steam basmati for retail packing in Saint Petersburg. Average grain length 8.3 mm or more, 25 kg PP bags, EAC documents.',
    categoryId: 'agriculture-grains',
    budgetMin: null,
    budgetMax: '125000.00',
    currency: 'USD',
    quantity: 100,
    unit: 'tonnes',
    deadlineInDays: null,
    locationPreference: 'India',
    incoterm: 'CIF',
    incotermPlace: 'Saint Petersburg',
    destination: 'Saint Petersburg',
    hsCode: '100630',
    daysAgo: 40,
    quotes: [
      {
        id: 'f55aee95-8e18-44eb-8de8-7a9f85f4ba91',
        sellerId: SELLER_IDS.deccanAgro,
        currency: 'USD',
        minOrderQuantity: 10,
        offer: {
          daysAgo: 39,
          unitPrice: '1210.00',
          incoterm: 'CIF',
          incotermPlace: 'Saint Petersburg',
          leadTimeDays: 40,
          paymentTerms: 'Letter of credit at 60 days',
          validityDays: 30,
          message: '1121 steam, 8.35 mm average grain length, 25 kg PP bags.',
        },
        rounds: [{ by: 'buyer', action: 'accept', daysAgo: 37 }],
        order: {
          id: DEMO_ORDER_IDS.basmatiDelivered,
          events: [
            { status: 'Accepted', by: 'seller', daysAgo: 36.5 },
            { status: 'Shipped', by: 'seller', daysAgo: 33, note: 'Containers MSKU 440921-3 and MSKU 440922-9, via Jebel Ali.' },
            { status: 'Delivered', by: 'seller', daysAgo: 5, note: 'Cleared customs in Saint Petersburg and delivered to the Shushary warehouse.' },
          ],
        },
      },
    ],
  },
  {
    // The demo seller buys too: tea for its Moscow blends.
    id: DEMO_RFQ_IDS.orthodoxTea,
    buyerId: SELLER,
    title: 'Assam orthodox tea for our Moscow blends, 5 tonnes',
    description: 'Assam orthodox FOP/TGFOP for blending with our Ivan-chai. Second flush preferred, 20 kg chests, lab report per lot.',
    categoryId: 'beverages-tea',
    budgetMin: null,
    budgetMax: '22000.00',
    currency: 'USD',
    quantity: 5,
    unit: 'tonnes',
    deadlineInDays: 20,
    locationPreference: 'India',
    incoterm: 'CIF',
    incotermPlace: 'Saint Petersburg',
    destination: 'Moscow',
    hsCode: '090240',
    daysAgo: 6,
    quotes: [
      {
        id: 'a133d35f-b3f5-4d31-8d61-9d22627e2d56',
        sellerId: SELLER_IDS.easternLeaf,
        currency: 'USD',
        minOrderQuantity: 1,
        offer: {
          daysAgo: 5,
          unitPrice: '4150.00',
          incoterm: 'CIF',
          incotermPlace: 'Saint Petersburg',
          leadTimeDays: 50,
          paymentTerms: '30% advance, 70% against documents',
          validityDays: 30,
          message: 'Second-flush orthodox FOP from our Dibrugarh gardens, 20 kg chests.',
        },
        rounds: [],
      },
    ],
  },

  // ---- Product requests: asked from a product page, addressed to that product's seller alone ----
  {
    // Pending on the demo seller's board: Kaveri asks for sunflower oil.
    id: DEMO_RFQ_IDS.sunflowerOilRequest,
    buyerId: BUYER_IDS.kaveriHospitality,
    productId: PRODUCT.sunflowerOil,
    title: '', // the product's name in the buyer's language, as the request form makes it,
    description: 'For our hotel kitchens in Bengaluru and Mysuru: 60 tonnes over two shipments, CFR Chennai if possible.',
    categoryId: 'agriculture-edible-oils',
    budgetMin: null,
    budgetMax: null,
    currency: 'USD',
    quantity: 60,
    unit: 'tonnes',
    deadlineInDays: null,
    locationPreference: 'Both',
    incoterm: null,
    incotermPlace: null,
    destination: null,
    hsCode: '151219',
    daysAgo: 1,
    quotes: [],
  },
  {
    // Quoted by the demo seller: the demo buyer's turn.
    id: DEMO_RFQ_IDS.buckwheatRequest,
    buyerId: BUYER,
    productId: PRODUCT.buckwheat,
    title: '', // the product's name in the buyer's language, as the request form makes it,
    description: 'Five tonnes for a trial listing with our retail partners in Delhi.',
    categoryId: 'agriculture-grains',
    budgetMin: null,
    budgetMax: null,
    currency: 'RUB',
    quantity: 5000,
    unit: 'kg',
    deadlineInDays: null,
    locationPreference: 'Both',
    incoterm: null,
    incotermPlace: null,
    destination: null,
    hsCode: '110429',
    daysAgo: 4,
    quotes: [
      {
        id: '7c1e9b3d-4a2f-4d8e-9b6a-2e5f8c1d7a34',
        sellerId: SELLER,
        currency: 'RUB',
        minOrderQuantity: 1000,
        offer: {
          daysAgo: 3,
          unitPrice: '89.00',
          incoterm: 'FCA',
          incotermPlace: 'Moscow, Volkov warehouse',
          leadTimeDays: 21,
          paymentTerms: '100% against pro forma invoice',
          validityDays: 30,
          message: 'For 5 tonnes we can do 89 ₽/kg, packed in 25 kg kraft bags.',
        },
        rounds: [],
      },
    ],
  },
  {
    // Rejected by the demo seller, with the reason the buyer reads.
    id: DEMO_RFQ_IDS.honeyRequest,
    buyerId: BUYER_IDS.chandniChowkTea,
    productId: PRODUCT.honey,
    title: '', // the product's name in the buyer's language, as the request form makes it,
    description: '',
    categoryId: 'agriculture-honey',
    budgetMin: null,
    budgetMax: null,
    currency: 'INR',
    quantity: 400,
    unit: 'kg',
    deadlineInDays: null,
    locationPreference: 'Both',
    incoterm: null,
    incotermPlace: null,
    destination: null,
    hsCode: null,
    daysAgo: 9,
    rejected: { daysAgo: 8, reason: 'This season\'s wildflower honey is sold out; the new harvest is ready in August.' },
    quotes: [],
  },
  {
    // Addressed to another seller: the demo seller never sees it.
    id: DEMO_RFQ_IDS.seaBuckthornRequest,
    buyerId: BUYER,
    productId: PRODUCT.seaBuckthornOil,
    title: '', // the product's name in the buyer's language, as the request form makes it,
    description: 'Samples first: 10 litres, then 200 litres a quarter for our ayurvedic blends.',
    categoryId: 'wellness-natural-oils',
    budgetMin: null,
    budgetMax: null,
    currency: 'RUB',
    quantity: 10,
    unit: 'litres',
    deadlineInDays: null,
    locationPreference: 'Both',
    incoterm: null,
    incotermPlace: null,
    destination: null,
    hsCode: '151590',
    daysAgo: 2,
    quotes: [],
  },
]

export type SeedDirectOrder = {
  id: string
  productId: string
  buyerId: string
  quantity: number
  /** Index into the product's shipping options. */
  shipping: number
  daysAgo: number
  events: SeedEvent[]
}

/** Orders placed from a product page; the catalog's stock is what remains after them. */
export const demoDirectOrders: SeedDirectOrder[] = [
  { id: DEMO_ORDER_IDS.honeyPending, productId: PRODUCT.honey, buyerId: BUYER, quantity: 400, shipping: 0, daysAgo: 1, events: [] },
  {
    id: DEMO_ORDER_IDS.ivanChaiShipped,
    productId: PRODUCT.ivanChai,
    buyerId: BUYER,
    quantity: 120,
    shipping: 0,
    daysAgo: 12,
    events: [
      { status: 'Accepted', by: 'seller', daysAgo: 11, note: 'Packed in 1 kg pouches, 6 pallets.' },
      { status: 'Shipped', by: 'seller', daysAgo: 8, note: 'Rail consignment note 58213407, Moscow → Nhava Sheva via the INSTC.' },
    ],
  },
  {
    id: DEMO_ORDER_IDS.wheatCancelled,
    productId: PRODUCT.wheat,
    buyerId: BUYER,
    quantity: 500,
    shipping: 0,
    daysAgo: 30,
    events: [{ status: 'Cancelled', by: 'buyer', daysAgo: 29.9, note: 'Ordered by mistake: we are buying this volume through our RFQ instead.' }],
  },
  {
    id: DEMO_ORDER_IDS.buckwheatCancelledBySeller,
    productId: PRODUCT.buckwheat,
    buyerId: BUYER_IDS.kaveriHospitality,
    quantity: 2000,
    shipping: 1,
    daysAgo: 26,
    events: [
      { status: 'Accepted', by: 'seller', daysAgo: 25 },
      { status: 'Cancelled', by: 'seller', daysAgo: 24, note: 'The sea booking fell through; the advance is refunded. Please reorder with rail shipping.' },
    ],
  },
  { id: DEMO_ORDER_IDS.buckwheatPending, productId: PRODUCT.buckwheat, buyerId: BUYER_IDS.kaveriHospitality, quantity: 5000, shipping: 0, daysAgo: 0.5, events: [] },
  {
    id: DEMO_ORDER_IDS.ashwagandhaShipped,
    productId: PRODUCT.ashwagandha,
    buyerId: BUYER_IDS.sibirPharma,
    quantity: 200,
    shipping: 0,
    daysAgo: 15,
    events: [
      { status: 'Accepted', by: 'seller', daysAgo: 14 },
      { status: 'Shipped', by: 'seller', daysAgo: 10, note: 'Shipped from Nhava Sheva, container TGHU 772310-4.' },
    ],
  },
  {
    id: DEMO_ORDER_IDS.diamondsDelivered,
    productId: PRODUCT.roughDiamonds,
    buyerId: BUYER,
    quantity: 10,
    shipping: 0,
    daysAgo: 35,
    events: [
      { status: 'Accepted', by: 'seller', daysAgo: 34 },
      { status: 'Shipped', by: 'seller', daysAgo: 33, note: 'Insured express via Moscow, KP certificate RU-2025-11873 enclosed.' },
      { status: 'Delivered', by: 'seller', daysAgo: 30 },
    ],
  },
  {
    id: DEMO_ORDER_IDS.ivanChaiAccepted,
    productId: PRODUCT.ivanChai,
    buyerId: BUYER_IDS.chandniChowkTea,
    quantity: 50,
    shipping: 1,
    daysAgo: 4,
    events: [{ status: 'Accepted', by: 'seller', daysAgo: 3, note: 'Will go with the next consolidated air cargo.' }],
  },
]

/** A demo dispute (issue 10 item 7) on one of the orders above, with its thread. */
export type SeedDispute = {
  id: string
  orderId: string
  openedBy: TradeParty
  reason: DisputeReason
  description: string
  daysAgo: number
  messages: { by: TradeParty; daysAgo: number; body: string }[]
  /** A decided dispute: its decision, resolution and when. */
  decided?: { decision: DisputeDecision; resolution: string; daysAgo: number }
}

export const DEMO_DISPUTE_IDS = {
  ivanChaiLate: '6f0e2c1a-3b7d-4c59-9a84-2d5e7f10b3c6',
  wheatProtein: 'b41d8e27-95c3-4f0a-8e61-7a2c9d3f5b18',
  basmatiBags: 'c92a5f13-6e8b-4d27-b0f4-1e7d3a6c9b52',
} as const

/**
 * The moderators' demo queue: a recent open dispute with both sides heard, one idle for four days (Overdue
 * in the queue) and one decided. The disputed orders keep their status; the two open ones show Disputed.
 */
export const demoDisputes: SeedDispute[] = [
  {
    id: DEMO_DISPUTE_IDS.ivanChaiLate,
    orderId: DEMO_ORDER_IDS.ivanChaiShipped,
    openedBy: 'buyer',
    reason: 'not_received',
    description: 'Rail consignment 58213407 was due at Nhava Sheva three days ago, and its tracking has not moved for a week. Our tea counters run out at the end of the month.',
    daysAgo: 1.5,
    messages: [
      { by: 'buyer', daysAgo: 1.2, body: 'Could you share the latest status from the railway? Our customs broker is waiting for the arrival notice.' },
      { by: 'seller', daysAgo: 0.6, body: 'The wagons were held at the Iranian border for a documents check; the railway expects release within five days. We will send the new arrival date as soon as we have it.' },
    ],
  },
  {
    id: DEMO_DISPUTE_IDS.wheatProtein,
    orderId: DEMO_ORDER_IDS.wheatDelivered,
    openedBy: 'buyer',
    reason: 'not_as_described',
    description: "Our surveyor measured 11.2% protein at discharge against the 12.5% agreed for Class 3. We ask for a price adjustment on the 500 tonnes.",
    daysAgo: 9,
    messages: [{ by: 'seller', daysAgo: 4, body: 'Our loading certificate from Novorossiysk shows 12.6%. We propose a joint re-test of the retained samples by SGS.' }],
  },
  {
    id: DEMO_DISPUTE_IDS.basmatiBags,
    orderId: DEMO_ORDER_IDS.basmatiDelivered,
    openedBy: 'buyer',
    reason: 'damaged',
    description: 'Forty of the 25 kg bags in container MSKU 440922-9 arrived torn, with about 600 kg of rice lost.',
    daysAgo: 4.5,
    messages: [{ by: 'seller', daysAgo: 4, body: 'The container was sealed intact at Jebel Ali; the damage happened in handling. We can credit half of the lost rice.' }],
    decided: {
      decision: 'partial_settlement',
      resolution: 'The photos show handling damage after the seal was broken at discharge. The seller credits 50% of the 600 kg lost against the next order; the buyer claims the rest from the terminal.',
      daysAgo: 3,
    },
  },
]

function seedError(what: string): never {
  throw new Error(`Demo trade data: ${what}`)
}

/** Inserts the demo buyers, RFQs, quotes with their rounds, and orders with their timelines. */
export async function insertTradeData(tx: Tx, now: number): Promise<void> {
  const at = (days: number) => new Date(now - Math.round(days * DAY_MS))
  const today = (days: number) => new Date(now + days * DAY_MS).toISOString().slice(0, 10)
  const productById = new Map<string, SeedProduct>(demoProducts.map((p) => [p.id, p]))

  await tx.insert(profiles).values(
    demoBuyers.map(({ joinedDaysAgo, ...b }) => ({ ...b, userType: 'Buyer' as const, preferredCurrency: defaultCurrencyOf(b.country), kycStatus: null, createdAt: at(joinedDaysAgo), updatedAt: at(joinedDaysAgo) })),
  )

  const rfqRows: (typeof rfqs.$inferInsert)[] = []
  const quoteRows: (typeof quotes.$inferInsert)[] = []
  const roundRows: (typeof quoteRounds.$inferInsert)[] = []
  const orderRows: (typeof orders.$inferInsert)[] = []
  const eventRows: (typeof orderEvents.$inferInsert)[] = []

  const pushEvents = (orderId: string, parties: { buyer: string; seller: string }, pending: { by: string; days: number }, events: SeedEvent[]) => {
    eventRows.push({ orderId, status: 'Pending', actorId: pending.by, createdAt: at(pending.days) })
    let last = pending.days
    for (const e of events) {
      if (e.daysAgo >= last) seedError(`order ${orderId}: events out of order`)
      last = e.daysAgo
      eventRows.push({ orderId, status: e.status, note: e.note ?? null, actorId: parties[e.by], createdAt: at(e.daysAgo) })
    }
    const final = events.at(-1)
    return { status: final?.status ?? ('Pending' as const), updatedAt: at(final?.daysAgo ?? pending.days) }
  }

  for (const r of demoRfqs) {
    let awardedAt: number | null = null
    const product = r.productId ? (productById.get(r.productId) ?? seedError(`request ${r.id}: no product ${r.productId}`)) : null
    if (product && product.sellerId === r.buyerId) seedError(`request ${r.id}: a seller cannot ask for their own product`)
    if (product && product.unit !== r.unit) seedError(`request ${r.id}: a product request counts in the product's unit (${product.unit})`)
    if (!product && (r.rejected || r.description.length < 20)) seedError(`RFQ ${r.id}: only a product request may be rejected or go without a description`)
    for (const q of r.quotes) {
      if (product && q.sellerId !== product.sellerId) seedError(`request ${r.id}: only the product's seller may quote`)
      const parties = { buyer: r.buyerId, seller: q.sellerId }
      // The quote row holds the current offer; every round is kept.
      let current = { ...q.offer, quantity: r.quantity }
      let expiresAt = new Date(at(q.offer.daysAgo).getTime() + q.offer.validityDays * DAY_MS)
      roundRows.push({
        quoteId: q.id,
        round: 1,
        authorRole: 'seller',
        authorId: q.sellerId,
        action: 'offer',
        unitPrice: q.offer.unitPrice,
        quantity: r.quantity,
        incoterm: q.offer.incoterm,
        incotermPlace: q.offer.incotermPlace,
        leadTimeDays: q.offer.leadTimeDays,
        paymentTerms: q.offer.paymentTerms,
        expiresAt,
        message: q.offer.message,
        createdAt: at(q.offer.daysAgo),
      })
      let status: QuoteStatus = 'Quoted'
      let countered = false
      let lastDays = q.offer.daysAgo
      for (const [i, round] of q.rounds.entries()) {
        if (round.daysAgo >= lastDays) seedError(`quote ${q.id}: rounds out of order`)
        const turn: TradeParty | null = status === 'Quoted' ? 'buyer' : status === 'Countered' ? 'seller' : null
        if (round.by !== turn) seedError(`quote ${q.id}: round ${i + 2} is not ${round.by}'s turn`)
        lastDays = round.daysAgo
        const base = { quoteId: q.id, round: i + 2, authorRole: round.by, authorId: parties[round.by], message: round.message ?? null, createdAt: at(round.daysAgo) }
        if (round.action === 'counter') {
          current = { ...current, ...round.terms }
          expiresAt = new Date(at(round.daysAgo).getTime() + current.validityDays * DAY_MS)
          countered = true
          status = round.by === 'buyer' ? 'Countered' : 'Quoted'
          roundRows.push({
            ...base,
            action: 'counter' satisfies RoundAction,
            unitPrice: current.unitPrice,
            quantity: current.quantity,
            incoterm: current.incoterm,
            incotermPlace: current.incotermPlace,
            leadTimeDays: current.leadTimeDays,
            paymentTerms: current.paymentTerms,
            expiresAt,
          })
        } else {
          status = round.action === 'accept' ? 'Accepted' : 'Rejected'
          roundRows.push({ ...base, action: round.action })
        }
      }
      // A live offer that lapsed before seeding is stored Expired, as the expiry job would have left it
      // (app/modules/rfqs/expiry.server.ts: no round, an expiry is nobody's action).
      if ((status === 'Quoted' || status === 'Countered') && expiresAt.getTime() < now) status = 'Expired'
      quoteRows.push({
        id: q.id,
        rfqId: r.id,
        sellerId: q.sellerId,
        unitPrice: current.unitPrice,
        currency: q.currency,
        minOrderQuantity: q.minOrderQuantity,
        quantity: countered ? current.quantity : null,
        incoterm: current.incoterm,
        incotermPlace: current.incotermPlace,
        leadTimeDays: current.leadTimeDays,
        paymentTerms: current.paymentTerms,
        validityDays: current.validityDays,
        expiresAt,
        message: q.offer.message,
        status,
        createdAt: at(q.offer.daysAgo),
        updatedAt: at(lastDays),
      })
      if ((status === 'Accepted') !== Boolean(q.order)) seedError(`quote ${q.id}: an accepted quote, and only one, has an order`)
      if (status === 'Accepted' && q.order) {
        awardedAt = lastDays
        const acceptedBy = q.rounds.at(-1)!.by
        const { status: orderStatus, updatedAt } = pushEvents(q.order.id, parties, { by: parties[acceptedBy], days: lastDays }, q.order.events)
        orderRows.push({
          id: q.order.id,
          rfqId: r.id,
          quoteId: q.id,
          buyerId: r.buyerId,
          sellerId: q.sellerId,
          unitPrice: current.unitPrice,
          quantity: current.quantity,
          unit: r.unit,
          currency: q.currency,
          total: multiplyDecimal(current.unitPrice, String(current.quantity), 2) ?? seedError(`quote ${q.id}: bad price`),
          incoterm: current.incoterm,
          incotermPlace: current.incotermPlace,
          leadTimeDays: current.leadTimeDays,
          paymentTerms: current.paymentTerms,
          status: orderStatus,
          createdAt: at(lastDays),
          updatedAt,
        })
      }
    }
    // As the request form: the title is the product's name in the buyer's language.
    const buyerLanguage = (demoBuyers.find((b) => b.id === r.buyerId)?.preferredLanguage ?? 'en') as keyof SeedProduct['translations']
    const title = product ? (product.translations[buyerLanguage] ?? product.translations.en).name : r.title
    const status = awardedAt !== null ? 'awarded' : r.closedDaysAgo !== undefined ? 'closed' : r.rejected ? 'rejected' : 'open'
    rfqRows.push({
      id: r.id,
      buyerId: r.buyerId,
      title,
      description: r.description,
      categoryId: r.categoryId,
      budgetMin: r.budgetMin,
      budgetMax: r.budgetMax,
      currency: r.currency,
      quantity: r.quantity,
      unit: r.unit,
      deadline: r.deadlineInDays === null ? null : today(r.deadlineInDays),
      locationPreference: r.locationPreference,
      incoterm: r.incoterm,
      incotermPlace: r.incotermPlace,
      destination: r.destination,
      hsCode: r.hsCode,
      productId: product ? r.productId : null,
      sellerId: product?.sellerId ?? null,
      rejectionReason: status === 'rejected' ? r.rejected!.reason : null,
      status,
      // The form's one-time token; the RFQ's own id serves, unique per buyer.
      submissionKey: r.id,
      closedAt: status === 'closed' ? at(r.closedDaysAgo!) : null,
      createdAt: at(r.daysAgo),
      updatedAt: at(awardedAt ?? r.closedDaysAgo ?? r.rejected?.daysAgo ?? r.daysAgo),
    })
  }

  for (const o of demoDirectOrders) {
    const product = productById.get(o.productId) ?? seedError(`order ${o.id}: no product ${o.productId}`)
    if (o.buyerId === product.sellerId) seedError(`order ${o.id}: a seller cannot order their own product`)
    if (o.quantity < product.minimumOrderQuantity || o.quantity > product.stockQuantity) seedError(`order ${o.id}: quantity outside minimum order and stock`)
    const shipping = product.shippingOptions[o.shipping] ?? seedError(`order ${o.id}: no shipping option ${o.shipping}`)
    const goods = multiplyDecimal(product.price, String(o.quantity), 2) ?? seedError(`order ${o.id}: bad price`)
    // As placeProductOrder: shipping is added only when it is in the product's currency (ADR 006).
    const total = shipping.currency === product.currency ? addMoney(goods, shipping.price)! : goods
    const parties = { buyer: o.buyerId, seller: product.sellerId }
    const { status, updatedAt } = pushEvents(o.id, parties, { by: o.buyerId, days: o.daysAgo }, o.events)
    orderRows.push({
      id: o.id,
      productId: o.productId,
      buyerId: o.buyerId,
      sellerId: product.sellerId,
      unitPrice: product.price,
      quantity: o.quantity,
      unit: product.unit,
      currency: product.currency,
      total,
      shippingMethod: shipping.method,
      shippingPrice: shipping.price,
      shippingCurrency: shipping.currency,
      // The product form's one-time token; the order's own id serves.
      submissionKey: o.id,
      status,
      createdAt: at(o.daysAgo),
      updatedAt,
    })
  }

  // Every offer, counter and order carries the rates in force when it was made, as the app stamps them
  // (issue 28 item 5), from the demo rates inserted before: those older than the rates' four weeks say
  // none was known.
  const quoteCurrency = new Map(quoteRows.map((q) => [q.id!, q.currency]))
  for (const round of roundRows) {
    if (round.action === 'offer' || round.action === 'counter') round.rateStamp = await ratesInForce(tx, quoteCurrency.get(round.quoteId)!, round.createdAt!)
  }
  for (const order of orderRows) order.rateStamp = await ratesInForce(tx, order.currency, order.createdAt!)

  await tx.insert(rfqs).values(rfqRows)
  await tx.insert(quotes).values(quoteRows)
  await tx.insert(quoteRounds).values(roundRows)
  await tx.insert(orders).values(orderRows)
  await tx.insert(orderEvents).values(eventRows)

  const disputeRows: (typeof disputes.$inferInsert)[] = []
  const disputeMessageRows: (typeof disputeMessages.$inferInsert)[] = []
  for (const d of demoDisputes) {
    const order = orderRows.find((o) => o.id === d.orderId) ?? seedError(`dispute ${d.id}: no order ${d.orderId}`)
    // As the policy: only once the seller accepted, and never on a cancelled order.
    if (!['Accepted', 'Shipped', 'Delivered'].includes(order.status!)) seedError(`dispute ${d.id}: order ${d.orderId} is ${order.status}`)
    const parties = { buyer: order.buyerId, seller: order.sellerId }
    let last = d.daysAgo
    for (const m of d.messages) {
      if (m.daysAgo >= last) seedError(`dispute ${d.id}: messages out of order`)
      last = m.daysAgo
      disputeMessageRows.push({ disputeId: d.id, authorKind: m.by, authorProfileId: parties[m.by], body: m.body, createdAt: at(m.daysAgo) })
    }
    if (d.decided && d.decided.daysAgo >= last) seedError(`dispute ${d.id}: decided before its last message`)
    const lastActivity = d.decided?.daysAgo ?? last
    disputeRows.push({
      id: d.id,
      orderId: d.orderId,
      openedById: parties[d.openedBy],
      openedByParty: d.openedBy,
      reason: d.reason,
      description: d.description,
      status: d.decided ? 'resolved' : 'open',
      decision: d.decided?.decision ?? null,
      resolution: d.decided?.resolution ?? null,
      decidedAt: d.decided ? at(d.decided.daysAgo) : null,
      lastActivityAt: at(lastActivity),
      createdAt: at(d.daysAgo),
      updatedAt: at(lastActivity),
    })
  }
  await tx.insert(disputes).values(disputeRows)
  await tx.insert(disputeMessages).values(disputeMessageRows)
}
