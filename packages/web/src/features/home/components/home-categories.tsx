import { TagsOutlined } from '@ant-design/icons';
import type { TCategory } from '@portal/contract';
import { Card, Flex, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pictureUrl } from '../../../shared/api/picture-url.ts';
import { useTopCategories } from '../api/find-home-categories.ts';
import { HomeCard } from './home-card.tsx';
import { useNumberFormat } from '../../../shared/i18n/number-format.ts';

function CategoryPicture({ hash }: { hash: string | null }) {
  const { token } = theme.useToken();
  const [failed, setFailed] = useState(false);
  const box = {
    width: 48,
    height: 48,
    flex: 'none',
    display: 'grid',
    placeItems: 'center',
    overflow: 'hidden',
    borderRadius: token.borderRadius,
    background: token.colorFillQuaternary,
  } as const;
  return (
    <span style={box} aria-hidden>
      {hash && !failed ? (
        <img
          src={pictureUrl(hash)}
          alt=""
          loading="lazy"
          onError={() => setFailed(true)}
          style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        />
      ) : (
        <TagsOutlined style={{ fontSize: 20, color: token.colorTextTertiary }} />
      )}
    </span>
  );
}

function CategoryCard({ category }: { category: TCategory }) {
  const { t } = useTranslation();
  const { number: formatNumber } = useNumberFormat();
  return (
    <Link
      to={`/families?${new URLSearchParams({ category: String(category.categoryId) }).toString()}`}
      data-testid="home-category"
      style={{ display: 'block', height: '100%' }}
    >
      <Card size="small" hoverable style={{ height: '100%' }}>
        <Flex align="center" gap={12}>
          <CategoryPicture hash={category.categoryPictureHash} />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis={{ tooltip: category.categoryName }}>
              {category.categoryName}
            </Typography.Text>
            <Typography.Text type="secondary" data-testid="home-category-count">
              {t('home.familyCount', { number: formatNumber(category.familyCount) })}
            </Typography.Text>
          </Flex>
        </Flex>
      </Card>
    </Link>
  );
}

/** The categories holding the most families, each a card that opens the library filtered to it. */
export function HomeCategories() {
  const { t } = useTranslation();
  const query = useTopCategories();
  const categories = query.data?.categoryInfos ?? [];
  return (
    <HomeCard
      title={t('home.categoriesTitle')}
      icon={<TagsOutlined />}
      testId="home-categories"
      query={query}
      empty={categories.length === 0}
      emptyText={t('home.categoriesEmpty')}
      links={[{ to: '/categories', label: t('home.allCategories') }]}
    >
      <ul
        aria-label={t('home.categoriesTitle')}
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
          gap: 12,
        }}
      >
        {categories.map((category) => (
          <li key={category.categoryId}>
            <CategoryCard category={category} />
          </li>
        ))}
      </ul>
    </HomeCard>
  );
}
