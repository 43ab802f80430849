import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

export type TPageHeaderProps = { title: string; subtitle?: string; extra?: ReactNode };

/** The title row of a screen, with its actions on the right (wrapping on narrow windows). */
export function PageHeader({ title, subtitle, extra }: TPageHeaderProps) {
  return (
    <Flex justify="space-between" align="flex-start" wrap gap={12} style={{ marginBottom: 16 }}>
      <div style={{ minWidth: 0 }}>
        <Typography.Title level={1} className="portal-page-title" style={{ marginBottom: 0 }}>
          {title}
        </Typography.Title>
        {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
      </div>
      {extra ? (
        <Flex gap={8} wrap>
          {extra}
        </Flex>
      ) : null}
    </Flex>
  );
}
