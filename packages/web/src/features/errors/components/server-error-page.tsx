import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageTitle } from '../../../shared/ui/page-title.tsx';

/** #/error/500: something failed on the server's side. */
export function ServerErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex component="main" justify="center" align="center" style={{ minHeight: '100vh' }}>
      <Result
        status="500"
        title={<PageTitle>{t('errors.serverErrorTitle')}</PageTitle>}
        subTitle={t('errors.serverError')}
        extra={
          <Flex gap={8} justify="center" wrap>
            <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
            <Button type="primary" onClick={() => void navigate('/')}>
              {t('errors.backHome')}
            </Button>
          </Flex>
        }
      />
    </Flex>
  );
}
