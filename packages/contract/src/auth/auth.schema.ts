import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { passwordHash, ZLogin } from '../common/fields.ts';
import { ZId } from '../common/envelope.ts';
import { ZUser, ZUserData } from '../users/users.schema.ts';

export const ZLoginRequest = z.object({
  username: z
    .string({ error: MESSAGES.required('username') })
    .trim()
    .min(1, MESSAGES.required('username'))
    .max(64),
  password: passwordHash(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** A solved proof-of-work challenge (the self-hosted bot check). */
export const ZBotCheck = z.object({
  challenge: z.string().min(1).max(512),
  nonce: z.string().min(1).max(64),
});
export type TBotCheck = z.infer<typeof ZBotCheck>;

export const ZBotChallenge = z.object({
  challenge: z.string(),
  difficulty: z.number().int(),
  enabled: z.boolean(),
});
export type TBotChallenge = z.infer<typeof ZBotChallenge>;

export const ZRegisterRequest = z.object({
  userInfo: z.object({
    login: ZLogin,
    passwordHash: passwordHash(),
    userData: ZUserData,
    active: z.literal(false).optional(),
  }),
  /** The sign-up form sends true; spec 7's payload has no such field, so leaving it out is accepted. */
  acceptTerms: z
    .boolean()
    .refine((accepted) => accepted, { message: MESSAGES.termsRequired(), params: { key: 'termsRequired' } })
    .optional(),
  botCheck: ZBotCheck.optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZForgotPasswordRequest = z.object({
  userLogin: z
    .string({ error: MESSAGES.required('login') })
    .trim()
    .min(1, MESSAGES.required('login'))
    .max(254),
  botCheck: ZBotCheck.optional(),
});

export const ZResetPasswordRequest = z.object({
  token: z
    .string({ error: MESSAGES.required('token') })
    .min(16, MESSAGES.notValid('token'))
    .max(200),
  passwordHash: passwordHash(),
});

export const ZChangePasswordRequest = z.object({
  oldPasswordHash: passwordHash('old password'),
  newPasswordHash: passwordHash('new password'),
});

export const ZSelfcareActivateRequest = z.object({
  token: z
    .string({ error: MESSAGES.required('token') })
    .trim()
    .min(6, MESSAGES.notValid('token'))
    .max(200),
});

/**
 * The short activation code a person types: 8 characters from an alphabet without look-alikes
 * (no 0/O, 1/I/L), about 40 bits; safe only because it is tied to one signed-in account, dies after
 * ACTIVATION_CODE_MAX_FAILURES wrong tries and expires within the hour.
 */
export const ACTIVATION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ACTIVATION_CODE_LENGTH = 8;
export const ACTIVATION_CODE_MAX_FAILURES = 5;

/** The code as stored and compared: upper case, without the spaces and dashes people type. */
export function normalizeActivationCode(typed: string): string {
  return typed.replace(/[\s-]+/g, '').toUpperCase();
}

/** Whether a typed text is a short activation code (else it may be the link's long token). */
export function isActivationCode(typed: string): boolean {
  const code = normalizeActivationCode(typed);
  return (
    code.length === ACTIVATION_CODE_LENGTH && [...code].every((c) => ACTIVATION_CODE_ALPHABET.includes(c))
  );
}

/** The mailed activation link's token (at least 128 bits): activates without a sign-in. */
export const ZActivateLinkRequest = z.object({
  token: z
    .string({ error: MESSAGES.required('token') })
    .trim()
    .min(16, MESSAGES.notValid('token'))
    .max(200),
});

export const ZMfaLoginRequest = z.object({
  mfaToken: z.string().min(16).max(200),
  code: z
    .string({ error: MESSAGES.required('code') })
    .trim()
    .min(6, MESSAGES.notValid('code'))
    .max(64),
});
export const ZMfaCodeRequest = z.object({
  code: z
    .string({ error: MESSAGES.required('code') })
    .trim()
    .regex(/^\d{6}$/, MESSAGES.notValid('code')),
});

/** Claims of the signed authToken (CONTRACT 2); both sides read a token through this schema. */
export const ZAuthClaims = z.object({
  sub: z.string().regex(/^\d+$/),
  sid: z.string().min(1),
  login: z.string(),
  roles: z.array(z.string()),
  companyId: z.number().int().nullable(),
  permissions: z.union([z.array(z.string()), z.string()]),
  /** Set while an administrator must still enable the second factor (MFA_REQUIRED_FOR_ADMINS). */
  mfaSetup: z.boolean().optional(),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type TAuthClaims = z.infer<typeof ZAuthClaims>;

/** A token pair (token-renew). */
export const ZTokenPair = z.object({ authToken: z.string(), refreshToken: z.string() });
/** A completed sign-in. */
export const ZSignIn = ZTokenPair.extend({ id: ZId, userInfos: z.array(ZUser) });
export type TSignIn = z.infer<typeof ZSignIn>;
/** A sign-in that waits for the second factor. */
export const ZMfaPending = z.object({ mfaRequired: z.literal(true), mfaToken: z.string() });
export const ZLoginResponse = z.union([ZSignIn, ZMfaPending]);
/**
 * An activation's answer: the activated user and, beside it, the sign-in it opens (the same tokens
 * as a login's, or `mfaRequired` with an `mfaToken`); without them when that sign-in is refused.
 */
export const ZActivation = z.object({
  userInfos: z.array(ZUser),
  id: ZId.optional(),
  authToken: z.string().optional(),
  refreshToken: z.string().optional(),
  mfaRequired: z.literal(true).optional(),
  mfaToken: z.string().optional(),
});
export type TActivation = z.infer<typeof ZActivation>;
export type TLoginResponse = z.infer<typeof ZLoginResponse>;
export const ZMfaSetup = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
