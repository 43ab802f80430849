import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { i18n, initI18n } from '../i18n/i18n.ts';
import { serverFieldErrors } from './server-field-errors.ts';

describe('serverFieldErrors', () => {
  beforeAll(() => initI18n('en'));

  it('puts a taken code at its field in the reader language, with or without the record index', async () => {
    const error = new ApiError(
      409,
      [
        '[Title] Conflict',
        '[Detail] A price list with this code already exists',
        '[Detail] login x is already taken',
      ],
      'Conflict',
      [
        { key: 'priceListCodeTaken', field: 'priceListCode' },
        { key: 'loginTaken', values: { login: 'x' }, field: 'userInfos.0.login' },
      ],
    );
    const fields = { priceListCode: 'code', login: 'login' } as const;
    expect(Object.fromEntries(serverFieldErrors(error, fields))).toEqual({
      code: ['A price list with this code already exists'],
      login: ['The login x is already taken'],
    });
    await i18n.changeLanguage('de');
    expect(serverFieldErrors(error, fields).get('code')).toEqual([
      'Eine Preisliste mit diesem Code gibt es bereits',
    ]);
    await i18n.changeLanguage('en');
  });

  it('finds nothing in what is not an API error or names no field of the form', () => {
    expect(serverFieldErrors(new Error('down'), { priceListCode: 'code' }).size).toBe(0);
    const elsewhere = new ApiError(409, ['[Detail] x'], 'Conflict', [
      { key: 'orderNumberTaken', field: 'orderNumber' },
    ]);
    expect(serverFieldErrors(elsewhere, { priceListCode: 'code' }).size).toBe(0);
  });
});
