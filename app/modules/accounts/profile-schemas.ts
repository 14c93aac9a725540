// The profile forms' schemas now live with every other accounts rule in ./schemas.ts; this file
// keeps the old import path working for code outside the accounts slice (complete-profile route,
// fuzz tests). New code imports ./schemas.

export {
  NAME_MIN,
  PHONE_PATTERN,
  CompleteProfileSchema,
  UpdateProfileSchema,
  ChangePasswordSchema,
  PROFILE_INTENTS,
  type CompleteProfileInput,
  type UpdateProfileInput,
  type ChangePasswordInput,
  type ProfileIntent,
  type FieldErrors,
} from './schemas'
