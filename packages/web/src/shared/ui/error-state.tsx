import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error.ts';

export type TErrorStateProps = { error: unknown; onRetry?: () => void };

/** What went wrong with a load, and what to do about it. */
export function ErrorState({ error, onRetry }: TErrorStateProps) {
  const { t } = useTranslation();
  const status = isApiError(error) ? error.status : 0;
  const hint =
    status === 403 ? t('state.forbiddenHint') : status === 0 ? t('state.offlineHint') : t('state.errorHint');
  return (
    <Result
      status={status === 403 ? 'warning' : 'error'}
      title={t('state.errorTitle')}
      subTitle={
        <>
          {isApiError(error) && error.message ? <div>{error.displayMessage}</div> : null}
          <div>{hint}</div>
        </>
      }
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null
      }
    />
  );
}
