import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** Text field with the spec's templates as messages: "{name} is required", "{name} minimum length is {min}". */
export function text(name: string, opts: { min?: number; max: number }) {
  const base = z.string({ error: MESSAGES.required(name) }).trim();
  const min = opts.min ?? 0;
  return base
    .min(min, min <= 1 ? MESSAGES.required(name) : MESSAGES.minLength(name, min))
    .max(opts.max, MESSAGES.maxLength(name, opts.max));
}

/** Optional free text: empty allowed. */
export function optionalText(name: string, max: number) {
  return z.string().trim().max(max, MESSAGES.maxLength(name, max)).nullish();
}

export function email(name = 'email') {
  return z
    .string({ error: MESSAGES.required(name) })
    .trim()
    .max(254)
    .email(MESSAGES.notValid(name));
}

/** Lowercase hex SHA-512 of a password (CONTRACT 2): the only form a password travels in. */
export function passwordHash(name = 'password') {
  return z.string({ error: MESSAGES.required(name) }).regex(/^[0-9a-f]{128}$/, MESSAGES.notValid(name));
}

export const ZLogin = z
  .string({ error: MESSAGES.required('login') })
  .trim()
  .min(3, MESSAGES.minLength('login', 3))
  .max(64, MESSAGES.maxLength('login', 64))
  .regex(/^[A-Za-z0-9._@-]+$/, MESSAGES.notValid('login'));

export const ZPhone = z
  .string()
  .trim()
  .max(40, MESSAGES.maxLength('phone', 40))
  .regex(/^[0-9+()./\s-]*$/, MESSAGES.notValid('phone'))
  .nullish();

export const ZUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), MESSAGES.notValid('url'))
  .nullish();
