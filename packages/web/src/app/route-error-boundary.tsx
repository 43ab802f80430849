import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { PageTitle } from '../shared/ui/page-title.tsx';

/** Shown when a screen fails to load or throws: a 500 page with a way out. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main>
      <Result
        status={notFound ? '404' : '500'}
        title={<PageTitle>{notFound ? t('errors.notFoundTitle') : t('errors.serverErrorTitle')}</PageTitle>}
        subTitle={notFound ? t('errors.notFound') : t('errors.serverError')}
        extra={
          <Button type="primary" onClick={() => window.location.assign('#/')}>
            {t('errors.backHome')}
          </Button>
        }
      />
    </main>
  );
}
