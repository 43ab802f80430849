import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Skeleton, theme, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Children, isValidElement, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown, { type Components } from 'react-markdown';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { useSession } from '../../../shared/auth/use-session.ts';
import type { TLanguage } from '../../../shared/i18n/languages.ts';
import { useLanguage } from '../../../shared/i18n/use-language.ts';
import { LanguageSwitcher } from '../../../shared/ui/language-switcher.tsx';
import { useThemeMode } from '../../../shared/theme/theme-store.ts';
import { ThemeToggle } from '../../../shared/ui/theme-toggle.tsx';
import { headingId, loadHelp, type THelpDocument } from '../help-content.ts';
import { HELP_START, helpPathOf, isHelpTopic, type THelpTopic } from '../help-topics.ts';
import './help-page.css';
import { BrandMark } from '../../../shared/ui/brand-mark.tsx';
import { useScreens } from '../../../shared/theme/use-min-width.ts';

// antd's dark link blue is about 3:1 on the dark background; this one is above 7:1 (as in MarkdownText).
const DARK_LINK = '#8ab4f8';

type TLoaded = { language: TLanguage; documents: THelpDocument[] } | { language: TLanguage; failed: true };

/** The help topics in the language, reloaded when the language changes. */
function useHelpDocuments(language: TLanguage) {
  const [loaded, setLoaded] = useState<TLoaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    loadHelp(language).then(
      (documents) => current && setLoaded({ language, documents }),
      () => current && setLoaded({ language, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [language, attempt]);
  // Until the new language arrives, the previous one stays on screen rather than a blank page.
  return { loaded, retry: () => setAttempt((n) => n + 1) };
}

/** The plain text of rendered Markdown children (a heading's words, for its id). */
function textOf(children: ReactNode): string {
  return Children.toArray(children)
    .map((child) => {
      if (typeof child === 'string' || typeof child === 'number') return String(child);
      if (isValidElement<{ children?: ReactNode }>(child)) return textOf(child.props.children);
      return '';
    })
    .join('');
}

/** Links between help pages stay in the tab; anything else opens apart, without opener or referrer. */
const MARKDOWN_COMPONENTS: Components = {
  h1: ({ children }) => (
    <h2 id={headingId(textOf(children))} tabIndex={-1}>
      {children}
    </h2>
  ),
  h2: ({ children }) => (
    <h2 id={headingId(textOf(children))} tabIndex={-1}>
      {children}
    </h2>
  ),
  h3: ({ children }) => <h3 id={headingId(textOf(children))}>{children}</h3>,
  a: ({ href, children }) =>
    href?.startsWith('#/') ? (
      <a href={href}>{children}</a>
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ),
  // Help pages carry no pictures: a stray one must not fetch anything from outside.
  img: ({ alt }) => <>{alt}</>,
};

function HelpHeader() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const session = useSession();
  const narrow = useScreens().sm === false;
  const signedIn = Boolean(session.authData);
  return (
    <Flex
      component="header"
      align="center"
      justify="space-between"
      gap={8}
      wrap
      style={{
        padding: '8px 12px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorSplit}`,
      }}
    >
      <Link
        to={helpPathOf(HELP_START)}
        style={{ display: 'flex', alignItems: 'center', gap: 10, color: token.colorTextHeading, minWidth: 0 }}
      >
        <BrandMark />
        <span style={{ fontWeight: 600, fontSize: 16 }}>
          {t('app.title')}
          <span style={{ fontWeight: 400, color: token.colorTextSecondary }}> · {t('help.title')}</span>
        </span>
      </Link>
      <Flex align="center" gap={4} wrap>
        <Button
          type="text"
          href={signedIn ? '#/' : '#/auth/login'}
          icon={<ArrowLeftOutlined aria-hidden />}
          data-testid="help-back"
        >
          {signedIn ? t('help.backToPortal') : t('auth.signIn')}
        </Button>
        <LanguageSwitcher compact={narrow} />
        <ThemeToggle />
      </Flex>
    </Flex>
  );
}

function TopicNav({ documents, current }: { documents: THelpDocument[]; current: THelpTopic }) {
  const { t } = useTranslation();
  const narrow = useScreens().md === false;
  const list = (
    <ol>
      {documents.map((doc) => (
        <li key={doc.topic} lang={doc.language}>
          <Link to={helpPathOf(doc.topic)} aria-current={doc.topic === current ? 'page' : undefined}>
            {doc.title}
          </Link>
        </li>
      ))}
    </ol>
  );
  return (
    <nav aria-label={t('help.topics')} className="portal-help-topics" data-testid="help-topics">
      {/* On a phone the topic list would push the text below the fold: it folds away under one line. */}
      {narrow ? (
        <details key={current}>
          <summary>{t('help.topics')}</summary>
          {list}
        </details>
      ) : (
        list
      )}
    </nav>
  );
}

function HelpArticle({ doc, language }: { doc: THelpDocument; language: TLanguage }) {
  const { t } = useTranslation();
  return (
    <article
      className="portal-help-article"
      lang={doc.language === language ? undefined : doc.language}
      aria-labelledby="help-title"
      data-testid="help-article"
    >
      <h1 id="help-title" tabIndex={-1}>
        {doc.title}
      </h1>
      {doc.language === language ? null : (
        <Alert type="info" showIcon title={t('help.notTranslated')} style={{ marginBottom: 12 }} />
      )}
      {doc.sections.length > 1 ? (
        <nav aria-label={t('help.onThisPage')} className="portal-help-toc" data-testid="help-toc">
          <Typography.Text strong>{t('help.onThisPage')}</Typography.Text>
          <ul>
            {doc.sections.map((section) => (
              <li key={section.id}>
                <Link to={{ pathname: helpPathOf(doc.topic), search: `?section=${section.id}` }}>
                  {section.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <Markdown components={MARKDOWN_COMPONENTS}>{doc.body}</Markdown>
    </article>
  );
}

/**
 * The help screen, #/help and #/help/<topic>: the guide in the interface language (English where a
 * topic is not translated), open to everyone, signed in or not. `?section=<id>` opens at a heading.
 */
export function HelpPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const params = useParams();
  const { search } = useLocation();
  const language = useLanguage();
  const mode = useThemeMode();
  const { loaded, retry } = useHelpDocuments(language);
  const topic = params.topic ?? HELP_START;
  const known = isHelpTopic(topic);
  const documents = loaded && 'documents' in loaded ? loaded.documents : null;
  const doc = known ? documents?.find((d) => d.topic === topic) : undefined;
  const section = new URLSearchParams(search).get('section');
  const shownTopic = useRef<string | null>(null);

  useEffect(() => {
    if (!doc) return;
    document.title = `${doc.title} – ${t('app.title')}`;
    if (section) {
      const heading = document.getElementById(section);
      heading?.scrollIntoView({ block: 'start' });
      heading?.focus({ preventScroll: true });
    } else if (shownTopic.current !== null && shownTopic.current !== doc.topic) {
      // Another topic chosen: start reading it from its title, as a new page would.
      window.scrollTo(0, 0);
      document.getElementById('help-title')?.focus({ preventScroll: true });
    }
    shownTopic.current = doc.topic;
  }, [doc, section, t]);

  // #/help/overview and unknown topics lead to #/help.
  if (!known || (topic === HELP_START && params.topic !== undefined)) return <Navigate to="/help" replace />;

  const colours = {
    '--help-text': token.colorText,
    '--help-border': token.colorBorderSecondary,
    '--help-hover': token.colorFillTertiary,
    '--help-current-bg': token.colorPrimaryBg,
    '--help-current-border': token.colorPrimary,
    '--help-current-text': token.colorTextHeading,
    '--help-link': mode === 'dark' ? DARK_LINK : token.colorLink,
  } as CSSProperties;

  return (
    <div style={{ minHeight: '100vh', background: token.colorBgLayout, color: token.colorText, ...colours }}>
      <a
        href="#help-content"
        className="portal-skip-link"
        style={{ background: token.colorBgElevated }}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('help-content')?.focus();
        }}
      >
        {t('header.skipToContent')}
      </a>
      <HelpHeader />
      <div className="portal-help">
        {documents ? <TopicNav documents={documents} current={topic} /> : <div />}
        <main
          id="help-content"
          tabIndex={-1}
          style={{ outline: 'none', minWidth: 0 }}
          data-testid="help-page"
        >
          {doc ? (
            <HelpArticle doc={doc} language={language} />
          ) : loaded && 'failed' in loaded ? (
            <Alert
              type="error"
              showIcon
              title={t('help.loadFailed')}
              action={<Button onClick={retry}>{t('common.retry')}</Button>}
            />
          ) : (
            <div role="status">
              <span className="sr-only">{t('help.loading')}</span>
              <Skeleton active title paragraph={{ rows: 8 }} />
            </div>
          )}
        </main>
      </div>
    </div>
  );
}
