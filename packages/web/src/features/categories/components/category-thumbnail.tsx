import { PictureOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useState } from 'react';
import { pictureUrl } from '../../../shared/api/picture-url.ts';

export type TCategoryThumbnailProps = {
  hash: string | null;
  /** Square side in pixels; `fill` takes the parent's width at 4:3, at most 180 px high (cards). */
  size: number | 'fill';
};

/**
 * A category's thumbnail, or a neutral picture icon when it has none (or it cannot be loaded).
 * Decorative: the category's name always stands beside it.
 */
export function CategoryThumbnail({ hash, size }: TCategoryThumbnailProps) {
  const { token } = theme.useToken();
  const [failed, setFailed] = useState<string | null>(null);
  const box =
    size === 'fill'
      ? // A phone's single column would make a 4:3 cover taller than the rest of the card.
        { width: '100%', aspectRatio: '4 / 3', maxHeight: 180 }
      : { width: size, height: size, flex: `0 0 ${size}px` };
  const showPicture = hash !== null && failed !== hash;
  return (
    <div
      style={{
        ...box,
        position: 'relative',
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
        background: token.colorFillQuaternary,
        borderRadius: size === 'fill' ? 0 : token.borderRadius,
        color: token.colorTextQuaternary,
      }}
      data-testid={showPicture ? 'category-thumbnail' : 'category-placeholder'}
    >
      {showPicture ? (
        <img
          src={pictureUrl(hash)}
          alt=""
          loading="lazy"
          onError={() => setFailed(hash)}
          // Out of the flow: a grid item's percentage height would follow the picture, not the box.
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }}
        />
      ) : (
        <PictureOutlined aria-hidden style={{ fontSize: size === 'fill' ? 48 : Math.round(size / 2) }} />
      )}
    </div>
  );
}
