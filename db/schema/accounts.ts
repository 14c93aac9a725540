import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import {
  BANK_ACCOUNT_PATTERN,
  BANK_NAME_MAX,
  BIK_PATTERN,
  CORRESPONDENT_ACCOUNT_PATTERN,
  IFSC_PATTERN,
  REGISTERED_ADDRESS_MAX,
  SWIFT_PATTERN,
  ACCOUNT_STATUSES,
  CURRENCIES, FALLBACK_CURRENCY, KYC_STATUSES, TRADING_COUNTRIES, USER_TYPES, type AccountStatus, type Currency, type KycStatus, type TradingCountry, type UserType } from '../../app/domain'
import { users } from './auth'
import { sqlList, sqlPattern } from './sql-lists'
import { idColumn } from './columns'

/**
 * A trading identity (spec §3 Profile). Demo sellers that exist only in the catalog have no
 * user_id; every profile created through registration is linked to its login.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: idColumn(),
    userId: text('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    country: text('country').$type<TradingCountry>().notNull(),
    phoneNumber: text('phone_number'),
    /**
     * The phone number as digits with the country code (ADR 022 "phone numbers are unique"), written
     * only by the trigger of migration 0020 from phone_number and country; never set it in code.
     */
    phoneNumberNormalized: text('phone_number_normalized'),
    userType: text('user_type').$type<UserType>().notNull(),
    companyName: text('company_name'),
    /** Storage key of the KYC document; never sent to a browser. */
    kycDocumentUrl: text('kyc_document_url'),
    kycStatus: text('kyc_status').$type<KycStatus>(),
    /** Why an admin rejected the KYC document (shown to the seller on /kyc-upload); cleared by a new upload. */
    kycRejectionReason: text('kyc_rejection_reason'),
    accountStatus: text('account_status').$type<AccountStatus>().notNull().default('active'),
    adminNotes: text('admin_notes'),
    preferredLanguage: text('preferred_language').notNull().default('en'),
    /** Amounts in other currencies are shown converted to this one too (issue 28 item 4); set from the country (defaultCurrencyOf). */
    preferredCurrency: text('preferred_currency').$type<Currency>().notNull().default(FALLBACK_CURRENCY),
    /** The registered address the trade documents print for this party (issue 29 item 4). */
    registeredAddress: text('registered_address'),
    /** The bank account a seller is paid into, printed on proformas and invoices (all set by the trade details form). */
    bankName: text('bank_name'),
    bankAccountName: text('bank_account_name'),
    bankAccountNumber: text('bank_account_number'),
    bankSwift: text('bank_swift'),
    /** India: the branch's IFSC. */
    bankIfsc: text('bank_ifsc'),
    /** Russia: the bank's BIK and correspondent account. */
    bankBik: text('bank_bik'),
    bankCorrespondentAccount: text('bank_correspondent_account'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('profiles_registered_address_check', sql`${t.registeredAddress} is null or char_length(${t.registeredAddress}) between 1 and ${sql.raw(String(REGISTERED_ADDRESS_MAX))}`),
    check('profiles_bank_name_check', sql`${t.bankName} is null or char_length(${t.bankName}) between 1 and ${sql.raw(String(BANK_NAME_MAX))}`),
    check('profiles_bank_account_name_check', sql`${t.bankAccountName} is null or char_length(${t.bankAccountName}) between 1 and ${sql.raw(String(BANK_NAME_MAX))}`),
    check('profiles_bank_account_number_check', sql`${t.bankAccountNumber} is null or ${t.bankAccountNumber} ~ ${sqlPattern(BANK_ACCOUNT_PATTERN)}`),
    check('profiles_bank_swift_check', sql`${t.bankSwift} is null or ${t.bankSwift} ~ ${sqlPattern(SWIFT_PATTERN)}`),
    check('profiles_bank_ifsc_check', sql`${t.bankIfsc} is null or ${t.bankIfsc} ~ ${sqlPattern(IFSC_PATTERN)}`),
    check('profiles_bank_bik_check', sql`${t.bankBik} is null or ${t.bankBik} ~ ${sqlPattern(BIK_PATTERN)}`),
    check('profiles_bank_correspondent_account_check', sql`${t.bankCorrespondentAccount} is null or ${t.bankCorrespondentAccount} ~ ${sqlPattern(CORRESPONDENT_ACCOUNT_PATTERN)}`),
    // An account is named, numbered and held by someone, or not given at all.
    check('profiles_bank_account_check', sql`(${t.bankName} is null) = (${t.bankAccountNumber} is null) and (${t.bankName} is null) = (${t.bankAccountName} is null)`),
    check('profiles_country_check', sql`${t.country} in ${sqlList(TRADING_COUNTRIES)}`),
    check('profiles_user_type_check', sql`${t.userType} in ${sqlList(USER_TYPES)}`),
    check('profiles_kyc_status_check', sql`${t.kycStatus} is null or ${t.kycStatus} in ${sqlList(KYC_STATUSES)}`),
    check('profiles_account_status_check', sql`${t.accountStatus} in ${sqlList(ACCOUNT_STATUSES)}`),
    check('profiles_preferred_currency_check', sql`${t.preferredCurrency} in ${sqlList(CURRENCIES)}`),
    index('profiles_user_type_idx').on(t.userType),
    // One account per phone number (ADR 022); catalog-only demo sellers (no login) are not accounts.
    uniqueIndex('profiles_phone_number_normalized_uq').on(t.phoneNumberNormalized).where(sql`${t.userId} is not null`),
    // Admin user management (issue 10 item 4) at 100,000 users: newest first, filtered by status,
    // and a case-insensitive substring search (ILIKE) over name, email and company served by trigram indexes.
    index('profiles_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('profiles_account_status_created_idx').on(t.accountStatus, t.createdAt.desc()),
    index('profiles_kyc_status_created_idx').on(t.kycStatus, t.createdAt.desc()),
    index('profiles_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('profiles_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('profiles_company_trgm_idx').using('gin', t.companyName.op('gin_trgm_ops')),
  ],
)
