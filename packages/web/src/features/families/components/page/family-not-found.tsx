import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A family that does not exist or is not visible to the caller (404): the way back to the library. */
export function FamilyNotFound() {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={<h1 className="portal-page-title">{t('families.page.notFound')}</h1>}
      subTitle={t('families.page.notFoundHint')}
      extra={
        <Button type="primary" href="#/families">
          {t('families.page.backToLibrary')}
        </Button>
      }
      data-testid="family-not-found"
    />
  );
}
