// The profile forms' schemas now live with every other accounts rule in ./schemas.ts; this file
// keeps the old import path working for code outside the accounts slice (complete-profile route,
// fuzz tests). New code imports ./schemas.

export {
  COUNTRIES,
  USER_TYPES,
  NAME_MIN,
  PASSWORD_MIN,
  PASSWORD_MAX,
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
