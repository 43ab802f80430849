import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useBranding } from '../api/company-branding.ts';
import { pictureUrl } from '../../../shared/api/picture-url.ts';

export type THeaderBrandingProps = {
  /** What the header shows without a company logo (the portal's own branding). */
  fallback: ReactNode;
  /** Narrow windows keep the name short beside the header's buttons. */
  narrow: boolean;
};

/**
 * The signed-in user's company branding at the left of the header: the logo of its company, or of
 * the nearest ancestor when it uses its parent's branding, with that company's name.
 */
export function HeaderBranding({ fallback, narrow }: THeaderBrandingProps) {
  const branding = useBranding();
  const data = branding.data;
  if (!data?.logoHash) return <>{fallback}</>;
  return (
    <Flex align="center" gap={8} style={{ minWidth: 0 }} data-testid="header-branding">
      <img
        src={pictureUrl(data.logoHash)}
        alt=""
        style={{ height: 32, maxWidth: narrow ? 56 : 96, objectFit: 'contain', flex: 'none' }}
        data-testid="header-logo"
      />
      {data.companyName ? (
        <Typography.Text
          strong
          ellipsis={{ tooltip: data.companyName }}
          style={{ maxWidth: narrow ? 120 : 280 }}
          data-testid="header-company"
        >
          {data.companyName}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
