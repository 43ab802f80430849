import { SearchOutlined } from '@ant-design/icons';
import { Card, Flex, Input, theme, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** The library's address for a search: `#/families?q=…` (the library reads its filters from the URL). */
export function librarySearchPath(text: string): string {
  const query = text.trim();
  return query ? `/families?${new URLSearchParams({ q: query }).toString()}` : '/families';
}

/** A search box that opens the library with the words typed (all families when left empty). */
export function HomeSearch() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} data-testid="home-search">
      <Card>
        <Flex vertical gap={12}>
          <Flex align="center" gap={8}>
            <SearchOutlined aria-hidden style={{ color: token.colorPrimary }} />
            <h2 id={titleId} style={{ margin: 0, fontSize: token.fontSizeLG, fontWeight: 600 }}>
              {t('home.searchTitle')}
            </h2>
          </Flex>
          <Typography.Text type="secondary">{t('home.searchText')}</Typography.Text>
          <Input.Search
            size="large"
            enterButton={t('home.searchButton')}
            placeholder={t('families.list.searchPlaceholder')}
            aria-label={t('families.list.search')}
            onSearch={(text) => void navigate(librarySearchPath(text))}
            style={{ maxWidth: 640 }}
            data-testid="home-search-input"
          />
        </Flex>
      </Card>
    </section>
  );
}
