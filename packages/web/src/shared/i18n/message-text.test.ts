import { MESSAGE_TEMPLATES, messageOfIssue, type TMessageKey, ZLogin } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from './i18n.ts';
import { localeFiles } from './locale-files.ts';
import { LANGUAGES } from './languages.ts';
import { fieldKeyOf, messageText } from './message-text.ts';

const keys = Object.keys(MESSAGE_TEMPLATES) as TMessageKey[];

function placeholders(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((match) => match[1] ?? '').sort();
}

describe('message catalogue in the locales', () => {
  it.each(LANGUAGES)('%s translates every key of MESSAGE_TEMPLATES with its placeholders', (lang) => {
    const messages = (localeFiles[lang] as { messages?: Record<string, string> }).messages ?? {};
    for (const key of keys) {
      expect([key, typeof messages[key]]).toEqual([key, 'string']);
      expect([key, placeholders(messages[key] ?? '', /{{(\w+)}}/g)]).toEqual([
        key,
        placeholders(MESSAGE_TEMPLATES[key], /{(\w+)}/g),
      ]);
    }
  });
});

describe('messageText', () => {
  beforeAll(() => {
    initI18n('en');
  });

  it('names the field in the reader language and capitalises the sentence', async () => {
    await i18n.changeLanguage('en');
    expect(messageText(i18n.t, { key: 'required', values: { name: 'firstName' } })).toBe(
      'First name is required',
    );
    await i18n.changeLanguage('de');
    expect(messageText(i18n.t, { key: 'required', values: { name: 'firstName' } })).toBe(
      'Vorname ist erforderlich',
    );
    expect(messageText(i18n.t, { key: 'loginTaken', values: { login: 'admin' } })).toBe(
      'Der Benutzername admin ist bereits vergeben',
    );
    await i18n.changeLanguage('en');
  });

  it('translates a permission value and falls back to the English text for unknown keys', () => {
    expect(
      messageText(i18n.t, { key: 'permissionRequired', values: { permission: 'usermanagement.read' } }),
    ).toBe('This needs the permission User management – Read');
    expect(messageText(i18n.t, { key: 'somethingNew' }, 'Server says so')).toBe('Server says so');
  });

  it('words a too short login through the contract issue', () => {
    const issue = ZLogin.safeParse('ab').error?.issues[0];
    expect(issue).toBeDefined();
    if (issue) expect(messageText(i18n.t, messageOfIssue(issue, 'login'))).toBe('Login minimum length is 3');
  });

  it('maps API field paths to locale keys', () => {
    expect(fieldKeyOf('userInfos.0.login')).toBe('login');
    expect(fieldKeyOf('oldPasswordHash')).toBe('oldPassword');
    expect(fieldKeyOf('old password')).toBe('oldPassword');
    expect(fieldKeyOf('photoBase64')).toBe('photo');
    expect(fieldKeyOf('passwordHash')).toBe('password');
  });
});
