// Bulk catalog seeding for the benchmarks: categories, sellers, products and their en/ru/hi texts,
// each written by a few INSERT … SELECT generate_series statements, not row by row. Ids are
// md5-derived from the row number, so every run (and both databases) gets the same catalog.
import { sql } from 'drizzle-orm'
import type { Db } from '~/lib/db.server'

/** Goods in three languages, three to a category (the three are its subcategories). */
const GOODS: readonly { en: string; ru: string; hi: string }[] = [
  { en: 'Basmati Rice', ru: 'Рис басмати', hi: 'बासमती चावल' },
  { en: 'Wheat Flour', ru: 'Пшеничная мука', hi: 'गेहूं का आटा' },
  { en: 'Buckwheat Groats', ru: 'Гречневая крупа', hi: 'कुट्टू का दलिया' },
  { en: 'Turmeric Powder', ru: 'Куркума молотая', hi: 'हल्दी पाउडर' },
  { en: 'Black Pepper', ru: 'Чёрный перец', hi: 'काली मिर्च' },
  { en: 'Cardamom Pods', ru: 'Кардамон', hi: 'इलायची' },
  { en: 'Black Tea', ru: 'Чёрный чай', hi: 'काली चाय' },
  { en: 'Green Tea', ru: 'Зелёный чай', hi: 'हरी चाय' },
  { en: 'Instant Coffee', ru: 'Растворимый кофе', hi: 'इंस्टेंट कॉफी' },
  { en: 'Ashwagandha Extract', ru: 'Экстракт ашваганды', hi: 'अश्वगंधा अर्क' },
  { en: 'Wildflower Honey', ru: 'Мёд разнотравье', hi: 'जंगली फूलों का शहद' },
  { en: 'Neem Oil', ru: 'Масло нима', hi: 'नीम का तेल' },
  { en: 'Silk Saree', ru: 'Шёлковое сари', hi: 'रेशमी साड़ी' },
  { en: 'Cotton Yarn', ru: 'Хлопковая пряжа', hi: 'सूती धागा' },
  { en: 'Linen Fabric', ru: 'Льняная ткань', hi: 'लिनन का कपड़ा' },
  { en: 'Amber Necklace', ru: 'Янтарное ожерелье', hi: 'एम्बर हार' },
  { en: 'Silver Ring', ru: 'Серебряное кольцо', hi: 'चांदी की अंगूठी' },
  { en: 'Pearl Earrings', ru: 'Жемчужные серьги', hi: 'मोती की बालियां' },
  { en: 'Steel Pipes', ru: 'Стальные трубы', hi: 'स्टील पाइप' },
  { en: 'Aluminium Sheets', ru: 'Алюминиевые листы', hi: 'एल्यूमीनियम शीट' },
  { en: 'Copper Wire', ru: 'Медная проволока', hi: 'तांबे का तार' },
  { en: 'Sunflower Oil', ru: 'Подсолнечное масло', hi: 'सूरजमुखी का तेल' },
  { en: 'Mustard Oil', ru: 'Горчичное масло', hi: 'सरसों का तेल' },
  { en: 'Cashew Nuts', ru: 'Орехи кешью', hi: 'काजू' },
]

/** Top-level categories, in the order of GOODS (three goods each). */
export const BENCH_CATEGORIES: readonly { id: string; en: string; ru: string; hi: string }[] = [
  { id: 'agriculture', en: 'Agriculture', ru: 'Сельское хозяйство', hi: 'कृषि' },
  { id: 'spices', en: 'Spices', ru: 'Специи', hi: 'मसाले' },
  { id: 'beverages', en: 'Beverages', ru: 'Напитки', hi: 'पेय पदार्थ' },
  { id: 'wellness', en: 'Wellness', ru: 'Здоровье', hi: 'स्वास्थ्य' },
  { id: 'textiles', en: 'Textiles', ru: 'Текстиль', hi: 'वस्त्र' },
  { id: 'gems-jewelry', en: 'Gems & Jewelry', ru: 'Камни и украшения', hi: 'रत्न और आभूषण' },
  { id: 'industrial', en: 'Industrial', ru: 'Промышленность', hi: 'औद्योगिक' },
  { id: 'food-products', en: 'Food Products', ru: 'Продукты питания', hi: 'खाद्य उत्पाद' },
]

const QUALITIES = [
  { en: 'Organic', ru: 'Органический', hi: 'जैविक' },
  { en: 'Premium', ru: 'Премиальный', hi: 'प्रीमियम' },
  { en: 'Bulk', ru: 'Оптовый', hi: 'थोक' },
  { en: 'Export Grade', ru: 'Экспортный', hi: 'निर्यात श्रेणी' },
  { en: 'Certified', ru: 'Сертифицированный', hi: 'प्रमाणित' },
  { en: 'Fresh Harvest', ru: 'Свежий урожай', hi: 'ताज़ा फसल' },
]

const REGIONS = [
  { en: 'Kerala', ru: 'Керала', hi: 'केरल' },
  { en: 'Punjab', ru: 'Пенджаб', hi: 'पंजाब' },
  { en: 'Gujarat', ru: 'Гуджарат', hi: 'गुजरात' },
  { en: 'Assam', ru: 'Ассам', hi: 'असम' },
  { en: 'Krasnodar', ru: 'Краснодар', hi: 'क्रास्नोदार' },
  { en: 'Altai', ru: 'Алтай', hi: 'अल्ताई' },
  { en: 'Moscow', ru: 'Москва', hi: 'मॉस्को' },
  { en: 'Tamil Nadu', ru: 'Тамилнад', hi: 'तमिलनाडु' },
]

/** Subcategory id of the good at `index` in GOODS: "<category>-<1..3>". */
export const subcategoryId = (goodIndex: number) => `${BENCH_CATEGORIES[Math.floor(goodIndex / 3)].id}-${(goodIndex % 3) + 1}`

export type SeedCatalogOptions = {
  products: number
  /** Default: one seller per 100 products, at least 24, at most 10,000. */
  sellers?: number
  /** Rows per INSERT statement (default 100,000). */
  batch?: number
  /** maintenance_work_mem for the index rebuilds (default 256MB). */
  maintenanceWorkMem?: string
  /** Progress lines (default: none). */
  log?: (line: string) => void
}

export type SeedCatalogResult = { products: number; sellers: number; categories: number; translations: number; seconds: number }

/**
 * Seeds a migrated, empty catalog in bulk. Product g (1-based) sells GOODS[g % 24] (so category
 * g % 24 / 3), from seller 1 + (g / 24) % sellers, in USD, INR or RUB by (g / 3) % 3, created over the
 * last two years (g = 1 newest); every 20th product is inactive, every 10th seller's KYC is pending,
 * every 25th seller is suspended, every 5th product has no subcategory and every third (g % 3 = 2) has
 * no Hindi text. Secondary indexes on the two big tables are dropped first and rebuilt at the end
 * (much faster than maintaining them row by row), then the tables are vacuumed and analysed.
 */
export async function seedCatalog(db: Db, opts: SeedCatalogOptions): Promise<SeedCatalogResult> {
  const started = performance.now()
  const n = int(opts.products, 'products')
  const sellers = int(opts.sellers ?? Math.min(10_000, Math.max(24, Math.round(n / 100))), 'sellers')
  const batch = int(opts.batch ?? 100_000, 'batch')
  const log = opts.log ?? (() => {})
  const run = (text: string) => db.execute(sql.raw(text))

  await seedCategories(db)
  await run(`
    insert into profiles (id, name, email, country, user_type, company_name, kyc_status, account_status, preferred_language, created_at, updated_at)
    select md5('bench-seller-' || s)::uuid, 'Seller ' || s, 'bench-seller-' || s || '@bench.invalid',
      case when s % 2 = 0 then 'India' else 'Russia' end, 'Seller', 'Bench Trading ' || s || ' Ltd',
      case when s % 10 = 0 then 'Pending' else 'Approved' end,
      case when s % 25 = 0 then 'suspended' else 'active' end,
      case when s % 2 = 0 then 'hi' else 'ru' end,
      now() - s * interval '1 hour', now() - s * interval '1 hour'
    from generate_series(1, ${sellers}) s`)

  const indexes = await dropSecondaryIndexes(db, ['products', 'product_translations'])
  log(`  dropped ${indexes.length} secondary indexes for the bulk insert`)

  const goods = (lang: 'en' | 'ru' | 'hi') => arrayLiteral(GOODS.map((g) => g[lang]))
  const qualities = (lang: 'en' | 'ru' | 'hi') => arrayLiteral(QUALITIES.map((q) => q[lang]))
  const regions = (lang: 'en' | 'ru' | 'hi') => arrayLiteral(REGIONS.map((r) => r[lang]))
  const cats = arrayLiteral(BENCH_CATEGORIES.map((c) => c.id))
  const subs = arrayLiteral(GOODS.map((_, i) => subcategoryId(i)))
  const texts = {
    en: (g: string) => ({
      name: `${qualities('en')}[1 + (${g} / 24) % 6] || ' ' || ${goods('en')}[1 + ${g} % 24] || ', lot ' || ${g}`,
      description: `${qualities('en')}[1 + (${g} / 24) % 6] || ' ' || lower(${goods('en')}[1 + ${g} % 24]) || ' from ' || ${regions('en')}[1 + (${g} / 144) % 8] || ' for wholesale buyers, packed to order. Lot ' || ${g} || '.'`,
    }),
    ru: (g: string) => ({
      name: `${qualities('ru')}[1 + (${g} / 24) % 6] || ' ' || lower(${goods('ru')}[1 + ${g} % 24]) || ', партия ' || ${g}`,
      description: `${goods('ru')}[1 + ${g} % 24] || ' оптом: ' || ${regions('ru')}[1 + (${g} / 144) % 8] || ', фасовка под заказ. Партия ' || ${g} || '.'`,
    }),
    hi: (g: string) => ({
      name: `${qualities('hi')}[1 + (${g} / 24) % 6] || ' ' || ${goods('hi')}[1 + ${g} % 24] || ', लॉट ' || ${g}`,
      description: `'थोक खरीदारों के लिए ' || ${regions('hi')}[1 + (${g} / 144) % 8] || ' से ' || ${goods('hi')}[1 + ${g} % 24] || ', लॉट ' || ${g} || '।'`,
    }),
  }

  let translations = 0
  for (let from = 1; from <= n; from += batch) {
    const to = Math.min(n, from + batch - 1)
    await run(`
      insert into products (id, seller_id, category_id, subcategory_id, sku, price, currency, stock_quantity, minimum_order_quantity,
        is_active, attributes, media_files, view_count, created_at, updated_at)
      select md5('bench-product-' || g)::uuid,
        md5('bench-seller-' || (1 + (g / 24) % ${sellers}))::uuid,
        ${cats}[1 + (g % 24) / 3],
        case when g % 5 = 0 then null else ${subs}[1 + g % 24] end,
        'B-' || g,
        round((1 + ((g::bigint * 7919) % 499900) / 100.0) * (case c.code when 'USD' then 1 when 'INR' then 83 else 90 end), 2),
        c.code,
        (g * 13) % 10000,
        1 + (g * 31) % 500,
        g % 20 <> 0,
        jsonb_build_object('hsCode', '0910.30', 'origin', case when g % 2 = 0 then 'IN' else 'RU' end),
        '[]'::jsonb,
        (g * 17) % 1000,
        now() - (g::double precision / ${n}) * interval '730 days',
        now() - (g::double precision / ${n}) * interval '700 days'
      from generate_series(${from}, ${to}) g
      cross join lateral (select (array['USD', 'INR', 'RUB'])[1 + (g / 3) % 3] as code) c`)
    for (const lang of ['en', 'ru', 'hi'] as const) {
      const t = texts[lang]('g')
      const res = await run(`
        insert into product_translations (product_id, language_code, name, slug, description)
        select md5('bench-product-' || g)::uuid, '${lang}', ${t.name}, 'bench-${lang}-' || g,
          ${t.description}
        from generate_series(${from}, ${to}) g
        ${lang === 'hi' ? 'where g % 3 <> 2' : ''}`)
      translations += rowCount(res)
    }
    log(`  ${to.toLocaleString('en')} / ${n.toLocaleString('en')} products (${secondsSince(started)} s)`)
  }

  for (const def of indexes) {
    await db.transaction(async (tx) => {
      // More sort memory makes the GIN builds several times faster; the setting ends with the transaction.
      await tx.execute(sql.raw(`set local maintenance_work_mem = ${lit(opts.maintenanceWorkMem ?? '256MB')}`))
      await tx.execute(sql.raw(def))
    })
  }
  log(`  rebuilt ${indexes.length} indexes (${secondsSince(started)} s)`)
  await run('vacuum analyze products, product_translations, profiles, categories, category_translations')
  log(`  vacuumed and analysed (${secondsSince(started)} s)`)

  return { products: n, sellers, categories: BENCH_CATEGORIES.length * 4, translations, seconds: (performance.now() - started) / 1000 }
}

async function seedCategories(db: Db) {
  const rows: string[] = []
  const texts: string[] = []
  BENCH_CATEGORIES.forEach((c, i) => {
    rows.push(`(${lit(c.id)}, null, 'package', ${i})`)
    for (const lang of ['en', 'ru', 'hi'] as const) texts.push(`(${lit(c.id)}, '${lang}', ${lit(c[lang])}, ${lit(`${c[lang]}: ${GOODS.slice(i * 3, i * 3 + 3).map((g) => g[lang]).join(', ')}`)})`)
  })
  GOODS.forEach((g, i) => {
    const parent = BENCH_CATEGORIES[Math.floor(i / 3)].id
    rows.push(`(${lit(subcategoryId(i))}, ${lit(parent)}, 'package', ${i % 3})`)
    for (const lang of ['en', 'ru', 'hi'] as const) texts.push(`(${lit(subcategoryId(i))}, '${lang}', ${lit(g[lang])}, '')`)
  })
  await db.execute(sql.raw(`insert into categories (id, parent_id, icon, sort_order) values ${rows.join(', ')}`))
  await db.execute(sql.raw(`insert into category_translations (category_id, language_code, name, description) values ${texts.join(', ')}`))
}

/**
 * Drops the indexes of `tables` that no constraint owns (primary keys and unique constraints stay)
 * and returns their definitions, to be run again after the bulk insert.
 */
async function dropSecondaryIndexes(db: Db, tables: string[]): Promise<string[]> {
  const res = await db.execute(
    sql.raw(`
      select ic.relname as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i
      join pg_class ic on ic.oid = i.indexrelid
      join pg_class tc on tc.oid = i.indrelid
      join pg_namespace ns on ns.oid = tc.relnamespace
      where ns.nspname = current_schema() and tc.relname in (${tables.map(lit).join(', ')})
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      order by ic.relname`),
  )
  const rows = res.rows as { name: string; def: string }[]
  for (const r of rows) await db.execute(sql.raw(`drop index "${r.name.replace(/"/g, '""')}"`))
  return rows.map((r) => r.def)
}

function int(value: number, name: string) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number ≥ 0, not ${value}`)
  return value
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`
const arrayLiteral = (values: readonly string[]) => `(array[${values.map(lit).join(', ')}])`
const secondsSince = (t: number) => ((performance.now() - t) / 1000).toFixed(1)
const rowCount = (res: unknown) => Number((res as { rowCount?: number; affectedRows?: number }).rowCount ?? (res as { affectedRows?: number }).affectedRows ?? 0)
