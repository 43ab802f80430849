import { AppstoreOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useState } from 'react';
import { pictureUrl } from '../../../../shared/api/picture-url.ts';

export type TFamilyThumbnailProps = {
  /** The picture's SHA-256 (revitFamilyPictureHash), or null when the family has none. */
  hash: string | null;
  width: number | string;
  height: number;
};

/**
 * A family's thumbnail, or a neutral placeholder when it has none or it fails to load. Decorative:
 * the family's name is always beside it.
 */
export function FamilyThumbnail({ hash, width, height }: TFamilyThumbnailProps) {
  const { token } = theme.useToken();
  const [failed, setFailed] = useState<string | null>(null);
  const box = {
    width,
    height,
    flex: 'none',
    display: 'grid',
    placeItems: 'center',
    overflow: 'hidden',
    background: token.colorFillQuaternary,
    borderRadius: token.borderRadius,
  } as const;
  if (!hash || failed === hash) {
    return (
      <span style={box} aria-hidden data-testid="family-placeholder">
        <AppstoreOutlined
          style={{ fontSize: Math.min(40, height / 2.5), color: token.colorTextQuaternary }}
        />
      </span>
    );
  }
  return (
    <span style={box}>
      <img
        src={pictureUrl(hash)}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed(hash)}
        style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
      />
    </span>
  );
}
