// A profile's trade registry identities (issue 30 item 1, ADR 034): kept by the trade details form,
// verified by KYC approval, shown as badges. The numbers leave only through the DTOs below.
import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm'
import { profileIdentities } from '../../../db/schema'
import {
  ALL_REGISTRY_FIELDS,
  BADGE_KINDS,
  missingRegistryFields,
  REGISTRY_FIELDS,
  registryFieldOf,
  registryKindOf,
  UNIQUE_REGISTRY_KINDS,
  type RegistryField,
  type RegistryKind,
  type TradingCountry,
} from '~/domain'
import { getDb, type Db } from '~/lib/db.server'
import { findPgError } from '~/lib/errors'
import { IDENTITY_TAKEN, type FieldErrors } from './schemas'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Reader = Db | Tx

/** One identity as its owner and the KYC reviewer see it. */
export type RegistryIdentity = { kind: RegistryKind; value: string; verifiedAt: string | null }
/** A profile's identities by form field (`ogrn` holds an OGRNIP too); a field not given is absent. */
export type OwnIdentities = Partial<Record<RegistryField, RegistryIdentity>>

/** The identities of these profiles, by profile id. */
export async function listIdentities(profileIds: readonly string[], db: Reader = getDb()): Promise<Map<string, OwnIdentities>> {
  const out = new Map<string, OwnIdentities>()
  if (profileIds.length === 0) return out
  const rows = await db
    .select({ profileId: profileIdentities.profileId, kind: profileIdentities.kind, value: profileIdentities.value, verifiedAt: profileIdentities.verifiedAt })
    .from(profileIdentities)
    .where(inArray(profileIdentities.profileId, [...profileIds]))
  for (const r of rows) {
    const own = out.get(r.profileId) ?? {}
    own[registryFieldOf(r.kind)] = { kind: r.kind, value: r.value, verifiedAt: r.verifiedAt?.toISOString() ?? null }
    out.set(r.profileId, own)
  }
  return out
}

/** The identity fields the trade details form posts, each a checked number or null. */
export type IdentityInput = Record<RegistryField, string | null>

/**
 * Writes a profile's identities from the form, inside the caller's transaction (the profile row locked):
 * only its country's fields; a new or changed number starts unverified; a verified number cannot be
 * changed or removed (KYC approval checked it against the document); a number another account holds is
 * refused (checked first for the message, and by the unique index under a race: the caller maps the
 * error with `identityTakenError`). Answers the field errors, or null when written.
 */
export async function saveIdentities(tx: Tx, profile: { id: string; country: TradingCountry }, input: IdentityInput): Promise<{ fieldErrors?: FieldErrors; formError?: string } | null> {
  const own: readonly RegistryField[] = REGISTRY_FIELDS[profile.country]
  if (ALL_REGISTRY_FIELDS.some((f) => !own.includes(f) && input[f] !== null)) return { formError: 'account:tradeDetails.errors.identitiesOtherCountry' }
  const current = (await listIdentities([profile.id], tx)).get(profile.id) ?? {}
  const fieldErrors: FieldErrors = {}
  for (const field of own) {
    const was = current[field]
    if (was?.verifiedAt && was.value !== input[field]) fieldErrors[field] = 'account:tradeDetails.errors.identityLocked'
  }
  const wanted = own.flatMap((field) => (input[field] === null ? [] : [{ field, kind: registryKindOf(field, input[field]!), value: input[field]! }]))
  const uniques = wanted.filter((w) => (UNIQUE_REGISTRY_KINDS as readonly string[]).includes(w.kind))
  if (uniques.length > 0) {
    const taken = await tx
      .select({ kind: profileIdentities.kind })
      .from(profileIdentities)
      .where(and(ne(profileIdentities.profileId, profile.id), or(...uniques.map((w) => and(eq(profileIdentities.kind, w.kind), eq(profileIdentities.value, w.value))))))
    for (const t of taken) fieldErrors[registryFieldOf(t.kind)] ??= IDENTITY_TAKEN
  }
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors }
  for (const field of own) {
    const was = current[field]
    const next = wanted.find((w) => w.field === field)
    if (was && (!next || was.value !== next.value)) await tx.delete(profileIdentities).where(and(eq(profileIdentities.profileId, profile.id), eq(profileIdentities.kind, was.kind)))
    if (next && (!was || was.value !== next.value)) await tx.insert(profileIdentities).values({ profileId: profile.id, kind: next.kind, value: next.value })
  }
  return null
}

/** The field error of a unique-index refusal of an identity (a race the check in saveIdentities lost), or null for any other error. */
export function identityTakenError(err: unknown): FieldErrors | null {
  const pg = findPgError(err)
  if (pg?.code !== '23505' || !`${pg.constraint ?? pg.constraint_name ?? ''} ${pg.message ?? ''}`.includes('profile_identities_kind_value_uq')) return null
  const kind = /\(kind, value\)=\((\w+),/.exec(pg.detail ?? '')?.[1] as RegistryKind | undefined
  return { [kind ? registryFieldOf(kind) : 'form']: IDENTITY_TAKEN }
}

/** The identity fields a seller of `country` holding `own` still has to give before KYC approval (app/domain/registry.ts). */
export const missingOf = (country: TradingCountry, own: OwnIdentities = {}): RegistryField[] =>
  missingRegistryFields(country, Object.fromEntries(Object.entries(own).map(([f, i]) => [f, i.value])))

/** The identity fields the profile still has to give before KYC approval. */
export async function missingIdentities(tx: Reader, profile: { id: string; country: TradingCountry }): Promise<RegistryField[]> {
  return missingOf(profile.country, (await listIdentities([profile.id], tx)).get(profile.id))
}

/** Marks every identity of the profile verified by `adminId` now (KYC approval, in its transaction); answers what was marked, for the audit row. */
export async function verifyIdentities(tx: Tx, profileId: string, adminId: string): Promise<{ kind: RegistryKind; value: string }[]> {
  return tx
    .update(profileIdentities)
    .set({ verifiedAt: new Date(), verifiedBy: adminId })
    .where(eq(profileIdentities.profileId, profileId))
    .returning({ kind: profileIdentities.kind, value: profileIdentities.value })
}

/** A verified identity badge: its kind ("GSTIN verified"), and the number only for a signed-in viewer. */
export type RegistryBadge = { kind: (typeof BADGE_KINDS)[number]; value: string | null }

/**
 * The verified GSTIN and INN of these profiles, by profile id, for the seller page, product pages and
 * quotes. The numbers go only to signed-in viewers (`showNumbers`); anonymous visitors see the badge.
 */
export async function listRegistryBadges(profileIds: readonly string[], showNumbers: boolean): Promise<Record<string, RegistryBadge[]>> {
  const out: Record<string, RegistryBadge[]> = {}
  const ids = [...new Set(profileIds)]
  if (ids.length === 0) return out
  const rows = await getDb()
    .select({ profileId: profileIdentities.profileId, kind: profileIdentities.kind, value: profileIdentities.value })
    .from(profileIdentities)
    .where(and(inArray(profileIdentities.profileId, ids), inArray(profileIdentities.kind, [...BADGE_KINDS]), isNotNull(profileIdentities.verifiedAt)))
    .orderBy(sql`${profileIdentities.kind}`)
  for (const r of rows) (out[r.profileId] ??= []).push({ kind: r.kind as RegistryBadge['kind'], value: showNumbers ? r.value : null })
  return out
}

/**
 * The badge texts of listRegistryBadges, written on the server in the reader's language ("GSTIN verified",
 * or "GSTIN verified: 27AAPFU0939F1ZV" for a signed-in viewer): the pages render them as text, adding no
 * translations or code to their bundles.
 */
export async function registryBadgeTexts(profileIds: readonly string[], showNumbers: boolean, t: (key: string, values?: Record<string, string>) => string): Promise<Record<string, string[]>> {
  const badges = await listRegistryBadges(profileIds, showNumbers)
  return Object.fromEntries(
    Object.entries(badges).map(([id, list]) => [
      id,
      list.map((b) => {
        const badge = t(`catalog:registryBadge.${b.kind}`)
        return b.value ? t('catalog:registryBadge.number', { badge, number: b.value }) : badge
      }),
    ]),
  )
}
