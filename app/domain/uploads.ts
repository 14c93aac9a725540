// Upload rules (issue 27 item 2, ADR 025): what each kind of upload may be, how large, how many. One
// rule object per use; the picker's `accept`, the form's check before submit, the server's check by the
// bytes (app/lib/uploads.server.ts) and the request body caps (bodyLimits in app/entry.server.tsx) all
// read it. Browser-safe: no server imports.
import { RATES_CSV_MAX_BYTES } from './rates'

/**
 * Every file type an upload may be, keyed by the MIME type its bytes reveal: the extension it is stored
 * under first, then any other extension a file of that type may be named with.
 */
export const FILE_TYPES = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  // Text has no signature: a file is taken as CSV when its bytes are UTF-8 text (isPlainText, uploads.server.ts).
  'text/csv': ['csv'],
} as const satisfies Record<string, readonly [string, ...string[]]>

export type FileMime = keyof typeof FILE_TYPES
/** The extension a file of type `M` is stored under. */
export type StoredExtension<M extends FileMime = FileMime> = (typeof FILE_TYPES)[M][0]

/** Longest file name kept (the attachment and evidence tables' checks). */
export const STORED_NAME_MAX = 255

/** Translation keys of the messages an upload is refused with. */
export type UploadErrors = {
  /** A file is required and none was chosen (a one-file form). */
  missing?: string
  tooLarge: string
  invalidType: string
  /** Names are kept and this one's extension is not its bytes' type; `invalidType` when absent. */
  nameMismatch?: string
  /** More files than `maxCount` (with the ones already listed). */
  tooMany?: string
}

export type UploadRule<M extends FileMime = FileMime> = {
  /** The form field the files travel in. */
  field: string
  /** What a file may be, judged by its bytes on the server. */
  types: readonly M[]
  maxBytes: number
  /** Files one use may hold (a message's attachments, a product's images). */
  maxCount: number
  /** Files one request carries: all of them, or one at a time (product images upload one by one). */
  perRequest: number
  /**
   * Whether the user's file name is kept (shown and offered for download), with the base used when it
   * has none. When it is not kept (null), the file is stored under a name of ours and the name the
   * client sent is never checked or used.
   */
  keptName: { fallback: string } | null
  /** The request body cap: `perRequest` files of `maxBytes` plus room for the form's other fields. */
  maxRequestBytes: number
  /** The file input's `accept`: the extensions, then the MIME types. */
  accept: string
  errors: UploadErrors
  /**
   * The browser's quick check before submit, by what a name, a size and the browser's type tell: the
   * message key of the first problem, or null. `listed` counts the files the form already holds. The
   * server checks the bytes again and decides.
   */
  check: (picked: readonly PickedFile[], listed?: number) => string | null
}

const KiB = 1024
const MiB = 1024 * KiB

/** The body cap of a form without files, and the room an upload form's other fields get (BODY_LIMIT_KB's default). */
export const FORM_BODY_BYTES = 64 * KiB

const extensionsOf = (types: readonly FileMime[]) => types.flatMap((t) => FILE_TYPES[t] as readonly string[])

function uploadRule<M extends FileMime>(rule: Omit<UploadRule<M>, 'accept' | 'maxRequestBytes' | 'check'> & { formBytes: number }): UploadRule<M> {
  const { formBytes, ...rest } = rule
  const accept = [...extensionsOf(rule.types).map((ext) => `.${ext}`), ...rule.types].join(',')
  const built: UploadRule<M> = { ...rest, accept, maxRequestBytes: rule.perRequest * rule.maxBytes + formBytes, check: (picked, listed = 0) => checkPicked(built, picked, listed) }
  return built
}

/** A document a user hands in (a KYC document, a message attachment, dispute evidence): a PDF or a picture of it. */
const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const satisfies readonly FileMime[]

/** A file of the app's own naming, sent one a request with a form of plain fields (a KYC document, a product image). */
const ONE_STORED_FILE = { perRequest: 1, keptName: null, formBytes: FORM_BODY_BYTES } as const

/** Spec §5/§9: a seller's KYC document, at registration and on /kyc-upload; stored as kyc_document.<ext>. */
export const KYC_DOCUMENT = uploadRule({
  ...ONE_STORED_FILE,
  field: 'kycDocument',
  types: DOCUMENT_TYPES,
  maxBytes: 5 * MiB,
  maxCount: 1,
  errors: { missing: 'kyc:errors.required', tooLarge: 'kyc:errors.tooLarge', invalidType: 'kyc:errors.invalidType' },
})

/** A product image (docs/product-images.md): five a product; re-encoded to WebP and stored under its hash. */
export const PRODUCT_IMAGE = uploadRule({
  // One image a request; the ones already on the form travel as paths.
  ...ONE_STORED_FILE,
  field: 'file',
  types: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: 10 * MiB,
  maxCount: 5,
  errors: {
    missing: 'products:images.errors.required',
    tooLarge: 'products:images.errors.tooLarge',
    invalidType: 'products:images.errors.invalidType',
    tooMany: 'products:images.errors.max',
  },
})

/** A CSV of exchange rates on /admin/rates (issue 28 item 3): one small text file, parsed, never stored. */
export const RATES_CSV = uploadRule({
  field: 'file',
  types: ['text/csv'],
  maxBytes: RATES_CSV_MAX_BYTES,
  maxCount: 1,
  perRequest: 1,
  keptName: null,
  formBytes: FORM_BODY_BYTES,
  errors: { missing: 'adminRates:errors.csvMissing', tooLarge: 'adminRates:errors.csvTooLarge', invalidType: 'adminRates:errors.csvType' },
})

/**
 * A proof of payment for an order's milestone (issue 29): the bank's receipt or SWIFT confirmation, one
 * file a milestone, sent with the bank reference; kept under the buyer's name for the seller to open.
 */
export const PAYMENT_PROOF = uploadRule({
  field: 'proof',
  types: DOCUMENT_TYPES,
  maxBytes: 10 * MiB,
  maxCount: 1,
  perRequest: 1,
  keptName: { fallback: 'payment-proof' },
  formBytes: FORM_BODY_BYTES,
  errors: {
    missing: 'payments:errors.proofRequired',
    tooLarge: 'payments:errors.proofTooLarge',
    invalidType: 'payments:errors.proofType',
    nameMismatch: 'payments:errors.proofNameMismatch',
    tooMany: 'payments:errors.proofOne',
  },
})

// Attachments and evidence take the same files: up to five PDFs, JPEGs or PNGs of 10 MB, sent with one
// form along with its text, kept under the sender's name.
const SENT_DOCUMENTS = {
  field: 'files',
  types: DOCUMENT_TYPES,
  maxBytes: 10 * MiB,
  maxCount: 5,
  perRequest: 5,
  // The text and the multipart framing.
  formBytes: 2 * MiB,
} as const satisfies Partial<Parameters<typeof uploadRule>[0]>

/** A message attachment (issue 9 item 3). */
export const MESSAGE_ATTACHMENT = uploadRule({
  ...SENT_DOCUMENTS,
  keptName: { fallback: 'attachment' },
  errors: {
    tooLarge: 'messages:errors.fileTooLarge',
    invalidType: 'messages:errors.fileType',
    nameMismatch: 'messages:errors.fileNameMismatch',
    tooMany: 'messages:errors.tooManyFiles',
  },
})

/** Dispute evidence (issue 10 item 7), with the opening or an answer. */
export const DISPUTE_EVIDENCE = uploadRule({
  ...SENT_DOCUMENTS,
  keptName: { fallback: 'evidence' },
  errors: { tooLarge: 'disputes:errors.fileTooLarge', invalidType: 'disputes:errors.fileType', tooMany: 'disputes:errors.tooManyFiles' },
})

/** The extension of a file name, lower-cased, or null when it has none (no dot, a leading or a trailing one). */
export function extensionOf(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.')
  if (dot <= 0 || dot === fileName.length - 1) return null
  return fileName.slice(dot + 1).toLowerCase()
}

/**
 * Whether a file's name agrees with what its bytes are: no extension (the stored name gets one), or an
 * extension of that type (.jpeg counts as .jpg). A ".pdf" that is really a PNG does not.
 */
export function nameMatchesType(fileName: string, type: FileMime): boolean {
  const ext = extensionOf(fileName)
  return ext === null || (FILE_TYPES[type] as readonly string[]).includes(ext)
}

/** A file as the browser's picker (or FormData on the server) gives it. */
export type PickedFile = { name: string; size: number; type: string }

function checkPicked(rule: UploadRule, picked: readonly PickedFile[], listed: number): string | null {
  const files = picked.filter((f) => f.size > 0)
  if (listed + Math.max(files.length, rule.errors.missing ? 1 : 0) > rule.maxCount) return rule.errors.tooMany ?? rule.errors.invalidType
  if (files.length === 0) return rule.errors.missing ?? null
  const extensions = extensionsOf(rule.types)
  for (const file of files) {
    if (file.size > rule.maxBytes) return rule.errors.tooLarge
    const ext = extensionOf(file.name)
    // Browsers derive the type from the extension; a name without one is judged by the type alone.
    const allowed = ext === null ? file.type === '' || (rule.types as readonly string[]).includes(file.type) : extensions.includes(ext)
    if (!allowed) return rule.errors.invalidType
  }
  return null
}
