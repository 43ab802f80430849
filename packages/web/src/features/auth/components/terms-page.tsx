import { Alert, Button, Flex, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { endSession } from '../../../shared/api/session.ts';
import { safeRedirect } from '../../../shared/auth/redirect.ts';
import { sessionStore } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { useAcceptTerms } from '../api/accept-terms.ts';
import { useCurrentTerms } from '../api/current-terms.ts';
import { MarkdownText } from '../../../shared/ui/markdown-text.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';

/** Terms acceptance: the current terms (if any) must be accepted before entering the portal. */
export function TermsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const terms = useCurrentTerms();
  const accept = useAcceptTerms();
  const target = safeRedirect(params.get('redirect'));

  if (!session.authData) return <Navigate to="/auth/login" replace />;

  const decline = async () => {
    await endSession();
    await navigate('/auth/login', { replace: true });
  };

  const agree = async (termsId: number) => {
    try {
      const user = await accept.mutateAsync(termsId);
      if (user) sessionStore.setUser(user);
      await navigate(target, { replace: true });
    } catch {
      // Shown by the API client.
    }
  };

  if (terms.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (terms.isError) return <ErrorState error={terms.error} onRetry={() => void terms.refetch()} />;

  if (!terms.data) {
    return (
      <Result
        status="success"
        title={<PageTitle>{t('auth.termsNone')}</PageTitle>}
        extra={
          <Button type="primary" onClick={() => void navigate(target, { replace: true })}>
            {t('common.continue')}
          </Button>
        }
      />
    );
  }

  const current = terms.data;
  return (
    <>
      <PageTitle>{current.termsTitle}</PageTitle>
      <Alert type="info" showIcon title={t('auth.termsHint')} style={{ marginBottom: 12 }} />
      <div
        tabIndex={0}
        aria-label={current.termsTitle}
        style={{ maxHeight: 320, overflow: 'auto', marginBottom: 16 }}
      >
        <MarkdownText text={current.termsDescription} />
      </div>
      <Flex gap={8} justify="flex-end" wrap>
        <Button onClick={() => void decline()}>{t('auth.termsDecline')}</Button>
        <Button type="primary" loading={accept.isPending} onClick={() => void agree(current.termsId)}>
          {t('auth.termsAccept')}
        </Button>
      </Flex>
    </>
  );
}
