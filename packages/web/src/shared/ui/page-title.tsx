import { Typography } from 'antd';
import type { ReactNode } from 'react';

export type TPageTitleProps = { children: ReactNode; 'data-testid'?: string };

/** The one h1 of a page, at the size of a section title. */
export function PageTitle({ children, 'data-testid': testId }: TPageTitleProps) {
  return (
    <Typography.Title level={1} className="portal-page-title" data-testid={testId}>
      {children}
    </Typography.Title>
  );
}
