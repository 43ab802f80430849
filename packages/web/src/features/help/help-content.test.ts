import { HELP_ROUTES } from '@portal/contract';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/i18n/languages.ts';
import { headingId, loadHelp, parseHelp } from './help-content.ts';
import { HELP_TOPICS, helpPathOf, isHelpTopic } from './help-topics.ts';

const files = import.meta.glob<string>('./content/*/*.md', { query: '?raw', import: 'default', eager: true });

describe('the help texts', () => {
  it('has every topic in each of the six languages, and no other file', () => {
    const expected = LANGUAGES.flatMap((language) =>
      HELP_TOPICS.map((topic) => `./content/${language}/${topic}.md`),
    ).sort();
    expect(Object.keys(files).sort()).toEqual(expected);
  });

  it.each(Object.entries(files))(
    '%s has one title, no code, no outside links and unique sections',
    (path, text) => {
      const lines = text.split('\n');
      expect(lines[0]).toMatch(/^# \S/);
      expect(lines.filter((line) => line.startsWith('# '))).toHaveLength(1);
      expect(text).not.toMatch(/`/);
      expect(text).not.toMatch(/https?:|\/\/|<[a-z]/i);
      for (const [, target] of text.matchAll(/\]\(([^)]*)\)/g)) {
        expect(target, `${path} links to ${target}`).toMatch(/^#\/help(\/[a-z-]+)?$/);
        const topic = target!.split('/')[2];
        if (topic !== undefined) expect(isHelpTopic(topic), `${path} links to ${target}`).toBe(true);
      }
      // Emphasis that CommonMark does not close (a CJK full stop before "**") would show its stars.
      expect(renderToStaticMarkup(createElement(Markdown, null, text))).not.toContain('**');
      const language = path.split('/')[2] as (typeof LANGUAGES)[number];
      const doc = parseHelp('overview', language, text);
      expect(doc.sections.length).toBeGreaterThan(0);
      expect(new Set(doc.sections.map((s) => s.id)).size).toBe(doc.sections.length);
    },
  );

  it('has the same sections in every language as in English', () => {
    for (const topic of HELP_TOPICS) {
      const count = (language: string) =>
        files[`./content/${language}/${topic}.md`]!.split('\n').filter((line) => line.startsWith('## '))
          .length;
      for (const language of LANGUAGES) expect(count(language), `${language}/${topic}`).toBe(count('en'));
    }
  });
});

describe('the help links of GET /info/env', () => {
  it('each open a page of the help screen', () => {
    const pages = new Set(HELP_TOPICS.map(helpPathOf));
    for (const path of Object.values(HELP_ROUTES)) expect(pages).toContain(path);
    expect(HELP_ROUTES.helpUrlFamilies).toBe(helpPathOf('families'));
    expect(HELP_ROUTES.helpUrlScenarios).toBe(helpPathOf('scenarios'));
    expect(HELP_ROUTES.helpUrlPlacementRules).toBe(helpPathOf('placement-rules'));
  });
});

describe('loadHelp', () => {
  it('answers the topics in the language, and English for a topic it lacks', async () => {
    const sources: Record<string, () => Promise<string>> = {};
    for (const topic of HELP_TOPICS) {
      sources[`./content/en/${topic}.md`] = () => Promise.resolve(`# ${topic} in English\n\n## First\n`);
      if (topic !== 'scenarios') {
        sources[`./content/de/${topic}.md`] = () => Promise.resolve(`# ${topic} auf Deutsch\n`);
      }
    }
    const docs = await loadHelp('de', sources);
    expect(docs.map((d) => d.topic)).toEqual([...HELP_TOPICS]);
    expect(docs.find((d) => d.topic === 'families')).toMatchObject({
      language: 'de',
      title: 'families auf Deutsch',
    });
    expect(docs.find((d) => d.topic === 'scenarios')).toMatchObject({
      language: 'en',
      title: 'scenarios in English',
      sections: [{ id: 'help-first', title: 'First' }],
    });
  });
});

describe('headingId', () => {
  it('keeps the words of any script and joins them with dashes', () => {
    expect(headingId('Gallery and table')).toBe('help-gallery-and-table');
    expect(headingId('Price lists & Excel!')).toBe('help-price-lists-excel');
    expect(headingId('下载族')).toBe('help-下载族');
    expect(headingId('Exportieren nach Excel')).toBe('help-exportieren-nach-excel');
  });
});
