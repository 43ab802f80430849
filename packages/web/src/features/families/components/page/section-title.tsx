import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** The h2 of a card on the family page (the page's h1 is the family's name). */
export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
      {children}
    </Typography.Title>
  );
}
