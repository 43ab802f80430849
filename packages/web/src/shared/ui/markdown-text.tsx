import { theme } from 'antd';
import Markdown, { type Components } from 'react-markdown';

// antd's dark link blue (from the portal's primary) reaches about 3:1 on a dark card; this light
// blue keeps links above 7:1 there. Light mode uses the theme's link colour (tuned to 4.5:1+).
const DARK_LINK = '#8ab4f8';

/** Relative luminance below one half: the container background is a dark theme's. */
function isDark(color: string): boolean {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return false;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5;
}

/**
 * Markdown (terms texts) rendered as React elements. No rehype-raw: raw HTML in the text is shown
 * as text and never becomes markup, so `<script>` or `<img onerror>` never run; react-markdown's
 * URL filter drops `javascript:` links. Links open in a new tab without the opener or referrer.
 */
export function MarkdownText({ text, testId }: { text: string; testId?: string }) {
  const { token } = theme.useToken();
  const linkColor = isDark(token.colorBgContainer) ? DARK_LINK : token.colorLink;
  const components: Components = {
    a: ({ href, children }) => (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        style={{ color: linkColor, textDecoration: 'underline' }}
      >
        {children}
      </a>
    ),
  };
  return (
    <div
      className="portal-markdown"
      data-testid={testId}
      style={{ overflowWrap: 'anywhere', lineHeight: 1.6, color: token.colorText }}
    >
      <Markdown components={components}>{text}</Markdown>
    </div>
  );
}
