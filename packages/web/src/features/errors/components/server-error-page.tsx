import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** #/error/500: something failed on the server's side. */
export function ServerErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh' }}>
      <Result
        status="500"
        title="500"
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
