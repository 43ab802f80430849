import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageTitle } from '../../../shared/ui/page-title.tsx';

/** #/error/404: the page does not exist. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex component="main" justify="center" align="center" style={{ minHeight: '100vh' }}>
      <Result
        status="404"
        title={<PageTitle>{t('errors.notFoundTitle')}</PageTitle>}
        subTitle={t('errors.notFound')}
        data-testid="not-found"
        extra={
          <Button type="primary" onClick={() => void navigate('/')}>
            {t('errors.backHome')}
          </Button>
        }
      />
    </Flex>
  );
}
