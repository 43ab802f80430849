import { DEFAULT_LANGUAGE, type TLanguage } from '../../shared/i18n/languages.ts';
import { HELP_TOPICS, type THelpTopic } from './help-topics.ts';

type TLoader = () => Promise<string>;

// One small chunk per file, fetched only when the help screen asks for its language.
const SOURCES = import.meta.glob<string>('./content/*/*.md', { query: '?raw', import: 'default' });

export type THelpSection = { id: string; title: string };

export type THelpDocument = {
  topic: THelpTopic;
  /** The language the text is written in: English where the topic is not translated. */
  language: TLanguage;
  title: string;
  /** The Markdown below the title. */
  body: string;
  sections: THelpSection[];
};

/** The id of a heading: its words in lower case joined by dashes (any script), prefixed. */
export function headingId(text: string): string {
  const slug = text
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `help-${slug}`;
}

/** Plain text of a Markdown heading line's content (emphasis marks dropped). */
function plainText(markdown: string): string {
  return markdown.replace(/[*_`]/g, '').trim();
}

/** Splits a topic's Markdown into its title (the first "# " line), body and "## " sections. */
export function parseHelp(topic: THelpTopic, language: TLanguage, markdown: string): THelpDocument {
  const lines = markdown.split(/\r?\n/);
  const titleAt = lines.findIndex((line) => line.startsWith('# '));
  const title = titleAt >= 0 ? plainText(lines[titleAt]!.slice(2)) : topic;
  const body = lines.slice(titleAt + 1).join('\n');
  const sections = lines
    .filter((line) => line.startsWith('## '))
    .map((line) => {
      const text = plainText(line.slice(3));
      return { id: headingId(text), title: text };
    });
  return { topic, language, title, body, sections };
}

/**
 * Every help topic in the language, each in English where that language has no text for it.
 * `sources` maps content paths to loaders (the Markdown files; replaced in tests).
 */
export async function loadHelp(
  language: TLanguage,
  sources: Record<string, TLoader> = SOURCES,
): Promise<THelpDocument[]> {
  return Promise.all(
    HELP_TOPICS.map(async (topic) => {
      const own = sources[`./content/${language}/${topic}.md`];
      const written: TLanguage = own ? language : DEFAULT_LANGUAGE;
      const load = own ?? sources[`./content/${DEFAULT_LANGUAGE}/${topic}.md`];
      if (!load) throw new Error(`The help topic ${topic} has no English text`);
      return parseHelp(topic, written, await load());
    }),
  );
}
