import { describe, expect, it } from 'vitest';
import { initI18n } from './i18n.ts';
import { formatBytes, formatNumber } from './number-format.ts';

describe('formatNumber', () => {
  it('groups digits as the language does and keeps every fraction digit', () => {
    expect(formatNumber(10006, 'en')).toBe('10,006');
    expect(formatNumber(10006, 'de')).toBe('10.006');
    expect(formatNumber(10006, 'fr')).toBe('10\u202f006');
    expect(formatNumber(0.125, 'en')).toBe('0.125');
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
  });
});

describe('formatBytes', () => {
  it('steps by 1024, so the 512 MiB upload limit reads 512 MB', () => {
    expect(formatBytes(512 * 1024 * 1024, 'en')).toBe('512 MB');
    expect(formatBytes(5 * 1024 * 1024, 'en')).toBe('5 MB');
    expect(formatBytes(1.5 * 1024 * 1024, 'de')).toBe('1,5 MB');
    expect(formatBytes(512 * 1024 * 1024, 'fr')).toBe('512\u202fMo');
    expect(formatBytes(2048, 'en')).toBe('2 kB');
    expect(formatBytes(512, 'en')).toBe('512 byte');
  });
});

describe('translations', () => {
  it('write quantities in the language, and ids, versions and codes as they are', async () => {
    const i18n = initI18n('en');
    expect(i18n.t('families.list.total', { count: 10006 })).toBe('Families found: 10,006');
    expect(i18n.t('list.range', { from: 1001, to: 1050, total: 2500 })).toBe('1,001–1,050 of 2,500');
    expect(i18n.t('families.versions.revit', { version: 2024 })).toBe('Revit 2024');
    expect(i18n.t('companies.licenceLinked', { id: 1042 })).toBe('Licence no. 1042');
    expect(i18n.t('families.list.total', { count: 10006, lng: 'de' })).not.toContain('10006');
  });
});
