import { Tag, theme } from 'antd';
import type { ReactNode } from 'react';

export type TStatusTone = 'success' | 'warning' | 'error' | 'neutral';

type TPalette = { color: string; background: string; border: string };

// antd's preset tags put mid-tone text on a pale fill (2:1 or less); these pairs keep the text at
// 7:1 or more against its fill in both themes (WCAG AA asks 4.5:1).
const LIGHT: Record<TStatusTone, TPalette> = {
  success: { color: '#135200', background: '#f6ffed', border: '#b7eb8f' },
  warning: { color: '#873800', background: '#fff7e6', border: '#ffd591' },
  error: { color: '#a8071a', background: '#fff1f0', border: '#ffa39e' },
  neutral: { color: '#262626', background: '#f5f5f5', border: '#d9d9d9' },
};

const DARK: Record<TStatusTone, TPalette> = {
  success: { color: '#b7eb8f', background: '#162312', border: '#274916' },
  warning: { color: '#ffd591', background: '#2b1d11', border: '#593815' },
  error: { color: '#ffccc7', background: '#2a1215', border: '#58181c' },
  neutral: { color: '#f0f0f0', background: '#1f1f1f', border: '#424242' },
};

/** Relative luminance below one half: the container background is a dark theme's. */
function isDark(color: string): boolean {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return false;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5;
}

/** A state shown as a tag (Active, Inactive, Pending, ...) whose text passes colour contrast. */
export function StatusTag({ tone, children }: { tone: TStatusTone; children: ReactNode }) {
  const { token } = theme.useToken();
  const palette = (isDark(token.colorBgContainer) ? DARK : LIGHT)[tone];
  return (
    <Tag
      bordered
      style={{
        color: palette.color,
        background: palette.background,
        borderColor: palette.border,
        marginInlineEnd: 0,
      }}
    >
      {children}
    </Tag>
  );
}
