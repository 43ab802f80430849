import { BankOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useState } from 'react';
import { pictureUrl } from '../../../shared/api/picture-url.ts';

/**
 * A company's logo thumbnail in a square, or a neutral building icon when it has none (or it
 * cannot be loaded). Decorative: the company's name always stands beside it.
 */
export function CompanyLogo({ hash, size }: { hash: string | null | undefined; size: number }) {
  const { token } = theme.useToken();
  const [failed, setFailed] = useState<string | null>(null);
  const showLogo = Boolean(hash) && failed !== hash;
  return (
    <span
      style={{
        width: size,
        height: size,
        flex: `0 0 ${size}px`,
        display: 'inline-grid',
        placeItems: 'center',
        overflow: 'hidden',
        background: token.colorFillQuaternary,
        borderRadius: token.borderRadiusSM,
        color: token.colorTextTertiary,
      }}
      data-testid={showLogo ? 'company-logo' : 'company-logo-placeholder'}
    >
      {showLogo && hash ? (
        <img
          src={pictureUrl(hash)}
          alt=""
          loading="lazy"
          onError={() => setFailed(hash)}
          style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        />
      ) : (
        <BankOutlined aria-hidden style={{ fontSize: Math.round(size / 2) }} />
      )}
    </span>
  );
}
