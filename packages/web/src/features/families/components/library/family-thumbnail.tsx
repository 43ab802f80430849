import { theme } from 'antd';
import { type CSSProperties, memo, useMemo, useState } from 'react';
import { pictureUrl } from '../../../../shared/api/picture-url.ts';

export type TFamilyThumbnailProps = {
  /** The picture's SHA-256 (revitFamilyPictureHash), or null when the family has none. */
  hash: string | null;
  width: number | string;
  height: number;
};

/** The box and placeholder styles of thumbnails of one size, made once for all of them. */
export type TThumbnailLook = { box: CSSProperties; icon: CSSProperties };

/**
 * Ant Design's AppstoreOutlined, drawn here with the icon's own markup and class: an icon
 * component per row (its context and style hooks) cost a table page change dear (issue 27).
 */
const APPSTORE_PATH =
  'M464 144H160c-8.8 0-16 7.2-16 16v304c0 8.8 7.2 16 16 16h304c8.8 0 16-7.2 16-16V160c0-8.8-7.2-16-16-16zm-52 268H212V212h200v200zm452-268H560c-8.8 0-16 7.2-16 16v304c0 8.8 7.2 16 16 16h304c8.8 0 16-7.2 16-16V160c0-8.8-7.2-16-16-16zm-52 268H612V212h200v200zM464 544H160c-8.8 0-16 7.2-16 16v304c0 8.8 7.2 16 16 16h304c8.8 0 16-7.2 16-16V560c0-8.8-7.2-16-16-16zm-52 268H212V612h200v200zm452-268H560c-8.8 0-16 7.2-16 16v304c0 8.8 7.2 16 16 16h304c8.8 0 16-7.2 16-16V560c0-8.8-7.2-16-16-16zm-52 268H612V612h200v200z';

const PICTURE: CSSProperties = { maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' };

/** The thumbnails' look at one size, from the theme: one hook for a whole table or gallery. */
export function useThumbnailLook(width: number | string, height: number): TThumbnailLook {
  const { token } = theme.useToken();
  const { colorFillQuaternary, borderRadius, colorTextQuaternary } = token;
  return useMemo(
    () => ({
      box: {
        width,
        height,
        flex: 'none',
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
        background: colorFillQuaternary,
        borderRadius,
      },
      icon: { fontSize: Math.min(40, height / 2.5), color: colorTextQuaternary },
    }),
    [width, height, colorFillQuaternary, borderRadius, colorTextQuaternary],
  );
}

/**
 * A family's thumbnail in a look from useThumbnailLook, or a neutral placeholder when it has none
 * or it fails to load. Decorative: the family's name is always beside it.
 */
export const ThumbnailPicture = memo(function ThumbnailPicture({
  hash,
  look,
}: {
  hash: string | null;
  look: TThumbnailLook;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!hash || failed === hash) {
    return (
      <span style={look.box} aria-hidden data-testid="family-placeholder">
        <span role="img" aria-label="appstore" className="anticon anticon-appstore" style={look.icon}>
          <svg
            viewBox="64 64 896 896"
            focusable="false"
            data-icon="appstore"
            width="1em"
            height="1em"
            fill="currentColor"
            aria-hidden="true"
          >
            <path d={APPSTORE_PATH} />
          </svg>
        </span>
      </span>
    );
  }
  return (
    <span style={look.box}>
      <img
        src={pictureUrl(hash)}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed(hash)}
        style={PICTURE}
      />
    </span>
  );
});

/**
 * A family's thumbnail, or a neutral placeholder when it has none or it fails to load. Decorative:
 * the family's name is always beside it.
 */
export function FamilyThumbnail({ hash, width, height }: TFamilyThumbnailProps) {
  return <ThumbnailPicture hash={hash} look={useThumbnailLook(width, height)} />;
}
