import { FIELD_MESSAGES, optionalText, text, ZLogin, ZRoleData } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { i18n, initI18n } from '../i18n/i18n.ts';
import { lengthBoundsOf, lengthCount, maxLengthText, minLengthText } from './text-length.ts';
import { zodRule } from './zod-rule.ts';

/** The message a zodRule gives a value, or undefined when the value passes. */
async function ruleMessage(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string | undefined> {
  try {
    await rule.validator(undefined, value);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('lengthBoundsOf', () => {
  it('reads the minimum and maximum of a contract text schema', () => {
    expect(lengthBoundsOf(ZRoleData.shape.roleName)).toEqual({ min: 3, max: 64 });
    expect(lengthBoundsOf(ZLogin)).toEqual({ min: 3, max: 64 });
    expect(lengthBoundsOf(text('title', { min: 1, max: 200 }))).toEqual({ min: 1, max: 200 });
  });

  it('reads through optional, nullish, default and pipe wrappers', () => {
    expect(lengthBoundsOf(optionalText('description', 2000))).toEqual({ max: 2000 });
    expect(lengthBoundsOf(z.string().max(40).default(''))).toEqual({ max: 40 });
    expect(
      lengthBoundsOf(
        z
          .string()
          .min(2)
          .transform((value) => value.toUpperCase()),
      ),
    ).toEqual({ min: 2 });
  });

  it('gives no bounds to a string without them or to what is not a string', () => {
    expect(lengthBoundsOf(z.string())).toEqual({});
    expect(lengthBoundsOf(z.number().int().min(1).max(10))).toEqual({});
    expect(lengthBoundsOf(z.array(z.string()).max(5))).toEqual({});
  });
});

describe('lengthCount', () => {
  it('counts against the schema maximum, and not at all without one', () => {
    expect(lengthCount(ZRoleData.shape.roleName)).toEqual({ show: true, max: 64 });
    expect(lengthCount(optionalText('description', 2000))).toEqual({ show: true, max: 2000 });
    expect(lengthCount(z.string().min(3))).toBeUndefined();
  });
});

describe('length texts', () => {
  beforeAll(() => {
    initI18n('en');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('says the contract English texts of spec section 5 with the bound', async () => {
    await i18n.changeLanguage('en');
    expect(minLengthText(3)).toBe(`${FIELD_MESSAGES.minLength} 3`);
    expect(maxLengthText(64)).toBe(`${FIELD_MESSAGES.maxLength} 64`);
    expect(minLengthText(3)).toBe('Minimum field length: 3');
    expect(maxLengthText(64)).toBe('Maximum field length: 64');
  });

  it('words a broken bound of a form field with the short texts, in the reader language', async () => {
    const roleName = zodRule(ZRoleData.shape.roleName, { name: 'roleName', required: true });
    await i18n.changeLanguage('en');
    expect(await ruleMessage(roleName, 'ab')).toBe('Minimum field length: 3');
    expect(await ruleMessage(roleName, 'a'.repeat(65))).toBe('Maximum field length: 64');
    expect(await ruleMessage(roleName, 'editors')).toBeUndefined();
    // Empty is "required", and a value of the right length in a wrong shape is "not valid".
    expect(await ruleMessage(roleName, '')).toBe('Role name is required');
    expect(await ruleMessage(roleName, 'two words')).toBe('Role name is not valid');
    await i18n.changeLanguage('de');
    expect(await ruleMessage(roleName, 'ab')).toBe('Minimale Feldlänge: 3');
    expect(await ruleMessage(roleName, 'a'.repeat(65))).toBe('Maximale Feldlänge: 64');
    expect(maxLengthText(200)).toBe('Maximale Feldlänge: 200');
  });

  it('leaves a minimum of 1 to the required message', async () => {
    await i18n.changeLanguage('en');
    const title = zodRule(text('termsTitle', { min: 1, max: 200 }), { name: 'termsTitle' });
    expect(await ruleMessage(title, ' ')).toBeUndefined();
    expect(await ruleMessage(title, 'x'.repeat(201))).toBe('Maximum field length: 200');
  });
});
