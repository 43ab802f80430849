import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n.ts';
import { ApiError, readErrorDetails, splitErrorMessages } from './api-error.ts';

describe('splitErrorMessages', () => {
  it('strips the Title and Detail prefixes', () => {
    expect(
      splitErrorMessages([
        '[Title] Validation failed',
        '[Detail] login is required',
        '[Detail] email is not valid',
      ]),
    ).toEqual({ title: 'Validation failed', details: ['login is required', 'email is not valid'] });
  });

  it('shows the details, else the title, else the fallback', () => {
    expect(new ApiError(400, ['[Title] Bad', '[Detail] a', '[Detail] b'], 'x').message).toBe('a\nb');
    expect(new ApiError(500, ['[Title] Server fault'], 'x').message).toBe('Server fault');
    expect(new ApiError(0, [], 'Unreachable').message).toBe('Unreachable');
  });
});

describe('ApiError with errorDetails', () => {
  it('translates each detail by its key and keeps the English where no key came', async () => {
    initI18n('en');
    await i18n.changeLanguage('fr');
    const error = new ApiError(
      409,
      ['[Title] Conflict', '[Detail] login admin is already taken', '[Detail] something new'],
      'x',
      readErrorDetails([{ key: 'loginTaken', values: { login: 'admin' }, field: 'userInfos.0.login' }, 7]),
    );
    expect(error.message).toBe('login admin is already taken\nsomething new');
    expect(error.displayMessage).toBe('L’identifiant admin est déjà pris\nsomething new');
    expect(error.detailList[0]?.message?.field).toBe('userInfos.0.login');
    expect(error.detailList[1]?.message).toBeNull();
    await i18n.changeLanguage('en');
  });
});
