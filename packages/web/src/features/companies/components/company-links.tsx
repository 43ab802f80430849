import { Descriptions, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LicenceSummary } from '../../../shared/ui/licence-summary.tsx';
import { useCheckLicence } from '../api/check-licence.ts';
import { useLicenceOptions } from '../api/find-licence-options.ts';
import { useTermsOptions } from '../api/find-terms-options.ts';

/**
 * The licence a company uses: chosen from the caller's licences (with partnermanagement.read),
 * with its end date and seats; otherwise the link as a read-only summary.
 */
export function LicenceTab({ mayList, linkedId }: { mayList: boolean; linkedId: number | null }) {
  const { t } = useTranslation();
  const licences = useLicenceOptions(mayList);
  const chosenId = Form.useWatch<number | null | undefined>('licenseInfoId');
  const chosen = licences.data?.find((l) => l.licenseInfoId === chosenId);
  const listed = mayList && !licences.isError;
  const check = useCheckLicence();
  return (
    <>
      {listed ? (
        <Form.Item name="licenseInfoId" label={t('companies.licence')}>
          <Select<number | null>
            allowClear
            loading={licences.isLoading}
            placeholder={t('companies.licenceNone')}
            showSearch={{ optionFilterProp: 'label' }}
            options={(licences.data ?? []).map((l) => ({
              value: l.licenseInfoId,
              label: l.licenseDescription ? `${l.licenseCode} – ${l.licenseDescription}` : l.licenseCode,
            }))}
            data-testid="company-licence"
          />
        </Form.Item>
      ) : (
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'licence',
              label: t('companies.licence'),
              children: linkedId
                ? t('companies.licenceLinked', { id: linkedId })
                : t('companies.licenceNone'),
            },
          ]}
        />
      )}
      {chosen ? (
        <LicenceSummary
          licence={chosen}
          checking={check.isPending}
          onCheck={() => void check.mutateAsync(chosen.licenseInfoId).catch(() => undefined)}
        />
      ) : null}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('companies.licenceManaged')}
      </Typography.Paragraph>
    </>
  );
}

/** The terms & conditions a company's users accept: chosen from the terms the caller may see. */
export function TermsTab({ linkedId }: { linkedId: number | null }) {
  const { t } = useTranslation();
  const terms = useTermsOptions(true);
  if (terms.isError)
    return (
      <>
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'terms',
              label: t('companies.terms'),
              children: linkedId ? t('companies.termsLinked', { id: linkedId }) : t('companies.termsNone'),
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('companies.termsManaged')}
        </Typography.Paragraph>
      </>
    );
  return (
    <>
      <Form.Item name="termsId" label={t('companies.terms')} extra={t('companies.termsHint')}>
        <Select<number | null>
          allowClear
          loading={terms.isLoading}
          placeholder={t('companies.termsNone')}
          showSearch={{ optionFilterProp: 'label' }}
          options={(terms.data ?? []).map((item) => ({
            value: item.termsId,
            label: `${item.termsTitle} (${item.companyId === null ? t('companies.termsPortalWide') : (item.companyName ?? '')})${
              item.active ? '' : ` – ${t('companies.statusInactive')}`
            }`,
          }))}
          data-testid="company-terms"
        />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('companies.termsManaged')}</Typography.Paragraph>
    </>
  );
}
