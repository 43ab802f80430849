import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { localeFiles } from './locale-files.ts';

type TTree = { [key: string]: string | TTree };

function flatten(tree: TTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const flat = Object.fromEntries(LANGUAGES.map((lang) => [lang, flatten(localeFiles[lang] as TTree)]));

describe('locales', () => {
  const english = flat.en ?? new Map<string, string>();

  it.each(LANGUAGES)('%s has exactly the keys of en', (lang) => {
    const keys = [...(flat[lang]?.keys() ?? [])].sort();
    expect(keys).toEqual([...english.keys()].sort());
  });

  it.each(LANGUAGES)('%s has no empty values', (lang) => {
    const empty = [...(flat[lang]?.entries() ?? [])].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s is translated, not an English copy', (lang) => {
    const same = [...(flat[lang]?.entries() ?? [])].filter(
      ([key, value]) => english.get(key) === value && /[a-z]{4,}/i.test(value),
    );
    // A few words are the same in several languages (e.g. "Portal", "Login"); most must differ.
    expect(same.length / english.size).toBeLessThan(0.1);
  });

  it.each(LANGUAGES)('%s keeps the interpolation placeholders of en', (lang) => {
    for (const [key, value] of english) {
      const placeholders = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).sort();
      expect([key, placeholders(flat[lang]?.get(key) ?? '')]).toEqual([key, placeholders(value)]);
    }
  });
});
