import type { TRevitFamily } from '@portal/contract';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Flex, Spin, Typography } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_HEIGHT, FamilyCard } from './family-card.tsx';
import { useScreens } from '../../../../shared/theme/use-min-width.ts';

export type TFamilyGalleryProps = {
  families: readonly TRevitFamily[];
  /** Families the search finds in all (the list's size for assistive technology). */
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  label: string;
};

/** Rows left below the window when the next page is asked for, so scrolling rarely waits. */
const PREFETCH_ROWS = 4;

/** Starting width of the gallery before it is measured (tests have no layout). */
const FALLBACK_WIDTH = 1000;

/**
 * Cards in a grid that renders only the rows near the window (the page scrolls as a whole) and asks
 * for the next page when the last loaded rows come near, so thousands of families scroll smoothly.
 */
export function FamilyGallery({
  families,
  total,
  hasMore,
  loadingMore,
  onLoadMore,
  label,
}: TFamilyGalleryProps) {
  const { t } = useTranslation();
  const screens = useScreens();
  const narrow = screens.sm === false;
  const gap = narrow ? 8 : 16;
  const cardMinWidth = narrow ? 160 : 220;
  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [top, setTop] = useState(0);

  useLayoutEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const measure = () => {
      setWidth(element.clientWidth);
      // The gallery's place in the page changes when facets, chips or alerts above it change.
      setTop(element.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const columns = Math.max(1, Math.floor(((width || FALLBACK_WIDTH) + gap) / (cardMinWidth + gap)));
  const rowCount = Math.ceil(families.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => CARD_HEIGHT + gap,
    overscan: 3,
    scrollMargin: top,
    // Rendering inside the scroll event (flushSync) makes each wheel step one long task; the next
    // frame is soon enough, with the overscan rows already there.
    useFlushSync: false,
  });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && lastShown >= rowCount - PREFETCH_ROWS) onLoadMore();
  }, [hasMore, loadingMore, lastShown, rowCount, onLoadMore]);

  return (
    <>
      <div
        ref={containerRef}
        role="list"
        aria-label={label}
        data-testid="family-gallery"
        data-columns={columns}
        style={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => (
          <div
            key={row.key}
            role="none"
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
              display: 'grid',
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gap,
              paddingBottom: gap,
            }}
          >
            {families.slice(row.index * columns, (row.index + 1) * columns).map((family, i) => (
              <div
                key={family.revitFamilyId}
                role="listitem"
                aria-setsize={total}
                aria-posinset={row.index * columns + i + 1}
                style={{ minWidth: 0 }}
              >
                <FamilyCard family={family} />
              </div>
            ))}
          </div>
        ))}
      </div>
      {loadingMore ? (
        <Flex
          justify="center"
          gap={8}
          style={{ padding: 16 }}
          role="status"
          data-testid="gallery-loading-more"
        >
          <Spin size="small" />
          <Typography.Text type="secondary">{t('families.list.loadingMore')}</Typography.Text>
        </Flex>
      ) : null}
    </>
  );
}
