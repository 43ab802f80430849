import { theme } from 'antd';
import type { ReactNode } from 'react';

export type TPageTitleProps = { children: ReactNode; 'data-testid'?: string };

/** The one h1 of a page, at the size of a section title (plain, so the sign-in page stays light). */
export function PageTitle({ children, 'data-testid': testId }: TPageTitleProps) {
  const { token } = theme.useToken();
  return (
    <h1
      className="portal-page-title"
      style={{ color: token.colorTextHeading, fontWeight: 600 }}
      data-testid={testId}
    >
      {children}
    </h1>
  );
}
