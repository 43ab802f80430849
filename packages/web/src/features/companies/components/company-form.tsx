import { ReloadOutlined } from '@ant-design/icons';
import { type TCompany, ZCompanyInput } from '@portal/contract';
import {
  Alert,
  Button,
  Col,
  ConfigProvider,
  Form,
  Input,
  Row,
  Switch,
  Tabs,
  theme,
  TreeSelect,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { useThemeMode } from '../../../shared/theme/theme-store.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { showServerFieldErrors, type TFieldMap } from '../../../shared/ui/server-field-errors.ts';
import { lengthCount } from '../../../shared/ui/text-length.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { getCompany } from '../api/get-company.ts';
import { useSaveCompany } from '../api/save-companies.ts';
import {
  COMPANY_TABS,
  companyInputOf,
  initialValues,
  TAB_OF_FIELD,
  type TCompanyFormValues,
  type TCompanyTab,
} from './company-form-model.ts';
import { buildCompanyTree, subtreeIds, type TCompanyNode } from './company-tree-model.ts';
import { LicenceTab, TermsTab } from './company-links.tsx';
import { PictureField } from '../../../shared/ui/picture-field.tsx';
import { ParametersField } from './parameters-field.tsx';
import { useScreens } from '../../../shared/theme/use-min-width.ts';

export type TCompanyFormProps = {
  open: boolean;
  /** The company to edit; null creates a new one. */
  company: TCompany | null;
  /** The caller's companies (the parent picker's choices). */
  companies: readonly TCompany[];
  /** The parent a new company starts under (the company chosen in the tree, or the caller's own). */
  defaultParentId: number | null;
  onClose: () => void;
};

const fields = ZCompanyInput.shape;

/** API fields the server may name in an error (by their last name), and the form field that shows it. */
const SERVER_FIELDS: TFieldMap<TCompanyFormValues> = {
  companyName: 'companyName',
  companyAddress: 'companyAddress',
  companyCity: 'companyCity',
  companyRegion: 'companyRegion',
  companyZipCode: 'companyZipCode',
  companyCountry: 'companyCountry',
  companyURL: 'companyURL',
  companyContactName: 'companyContactName',
  companyPhoneNumber: 'companyPhoneNumber',
  companyFaxNumber: 'companyFaxNumber',
  companyEmail: 'companyEmail',
  parentCompany: 'parentId',
  isPartnerCompany: 'isPartnerCompany',
  // fieldKeyOf drops the Base64 ending: companyLogoBase64 -> companyLogo.
  companyLogo: 'logo',
  companyLogoFileName: 'logo',
  useParentCompanyBranding: 'useParentCompanyBranding',
  companyParameters: 'companyParameters',
  globalParameters: 'globalParameters',
  companyLicense: 'licenseInfoId',
  licenseInfoId: 'licenseInfoId',
  companyTerms: 'termsId',
  termsId: 'termsId',
};

type TParentOption = { value: number; title: string; disabled?: boolean; children: TParentOption[] };

function parentOptions(nodes: TCompanyNode[], blocked: Set<number>): TParentOption[] {
  return nodes.map(({ company, children }) => ({
    value: company.companyId,
    title: company.companyName,
    // A company cannot move under itself or one of its own children (the server refuses a cycle).
    disabled: blocked.has(company.companyId),
    children: parentOptions(children, blocked),
  }));
}

function isStale(error: unknown): boolean {
  return (
    isApiError(error) && error.status === 409 && error.errorDetails.some((d) => d?.key === 'staleUpdate')
  );
}

/**
 * Create or edit one company in a drawer, its fields in tabs (details, contact, branding, licence,
 * terms, parameters). Rules come from the contract's zod schema; an update that someone else's
 * save overtook is refused by the server and offered for reloading.
 */
export function CompanyForm({ open, company, companies, defaultParentId, onClose }: TCompanyFormProps) {
  const { t } = useTranslation();
  const session = useSession();
  const [form] = Form.useForm<TCompanyFormValues>();
  const save = useSaveCompany();
  const narrow = useScreens().sm === false;
  const { token } = theme.useToken();
  const dark = useThemeMode() === 'dark';
  const isAdmin = can(session, 'adminmanagement.read');
  const mayPartner = can(session, 'partnermanagement.update');
  const mayListLicences = can(session, 'partnermanagement.read');
  // The record the form edits: the one opened, or the stored one after a reload.
  const [base, setBase] = useState<TCompany | null>(company);
  const [tab, setTab] = useState<TCompanyTab>('details');
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const creating = base === null;

  useEffect(() => {
    if (!open) return;
    setBase(company);
    setTab('details');
    setStale(false);
    form.resetFields();
    form.setFieldsValue(initialValues(company, defaultParentId));
  }, [open, company, defaultParentId, form]);

  const parents = useMemo(() => {
    const blocked = base ? subtreeIds(companies, base.companyId) : new Set<number>();
    const options = parentOptions(buildCompanyTree(companies), blocked);
    // A partner's own company may hang under a company outside the partner's tree: keep it showable.
    const parent = base?.parentCompany;
    if (parent && !companies.some((c) => c.companyId === parent.companyId))
      options.unshift({
        value: parent.companyId,
        title: parent.companyName ?? `#${parent.companyId}`,
        children: [],
      });
    return options;
  }, [companies, base]);

  const showTabOfFirstError = () => {
    const first = form.getFieldsError().find((field) => field.errors.length > 0);
    const name = first?.name[0];
    if (typeof name === 'string' && name in TAB_OF_FIELD)
      setTab(TAB_OF_FIELD[name as keyof TCompanyFormValues]);
  };

  const showLogoProblem = (message: string | null) =>
    form.setFields([{ name: 'logo', errors: message ? [message] : [] }]);

  const reload = async () => {
    if (!base) return;
    setReloading(true);
    try {
      const fresh = await getCompany(base.companyId);
      setBase(fresh);
      form.resetFields();
      form.setFieldsValue(initialValues(fresh, defaultParentId));
      setStale(false);
      toast.info(t('companies.reloaded'));
    } catch {
      // Shown by the API client.
    } finally {
      setReloading(false);
    }
  };

  const submit = async () => {
    // Every tab's fields, also those of tabs never opened.
    const values = form.getFieldsValue(true) as TCompanyFormValues;
    const input = companyInputOf(base, values);
    if (!input) {
      toast.info(t('companies.unchanged'));
      onClose();
      return;
    }
    try {
      await save.mutateAsync(input);
      toast.success(creating ? t('companies.created') : t('companies.saved'));
      onClose();
    } catch (error) {
      if (isStale(error)) {
        setStale(true);
        return;
      }
      // The toast tells the whole story; details about a field also show on it.
      if (showServerFieldErrors(form, error, SERVER_FIELDS) > 0) showTabOfFirstError();
    }
  };

  const tabLabel: Record<TCompanyTab, string> = {
    details: t('companies.tabDetails'),
    contact: t('companies.tabContact'),
    branding: t('companies.tabBranding'),
    licence: t('companies.tabLicence'),
    terms: t('companies.tabTerms'),
    parameters: t('companies.tabParameters'),
  };
  const content: Record<TCompanyTab, ReactNode> = {
    details: (
      <>
        <Form.Item
          name="companyName"
          label={t('companies.name')}
          rules={[zodRule(fields.companyName, { name: 'companyName', required: true })]}
        >
          <Input autoComplete="off" count={lengthCount(fields.companyName)} />
        </Form.Item>
        <Form.Item
          name="parentId"
          label={t('companies.parent')}
          // Clearing the picker gives undefined: a top-level company.
          normalize={(value: number | undefined) => value ?? null}
          extra={isAdmin ? t('companies.parentHintAdmin') : t('companies.parentHint')}
        >
          <TreeSelect<number | null>
            treeData={parents}
            allowClear={isAdmin}
            placeholder={t('companies.topLevel')}
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            popupMatchSelectWidth={false}
            data-testid="company-parent"
          />
        </Form.Item>
        <Form.Item
          name="companyAddress"
          label={t('companies.address')}
          rules={[zodRule(fields.companyAddress, { name: 'companyAddress' })]}
        >
          <Input autoComplete="off" count={lengthCount(fields.companyAddress)} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item
              name="companyZipCode"
              label={t('companies.zipCode')}
              rules={[zodRule(fields.companyZipCode, { name: 'companyZipCode' })]}
            >
              <Input autoComplete="off" count={lengthCount(fields.companyZipCode)} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item
              name="companyCity"
              label={t('companies.city')}
              rules={[zodRule(fields.companyCity, { name: 'companyCity' })]}
            >
              <Input autoComplete="off" count={lengthCount(fields.companyCity)} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="companyRegion"
              label={t('companies.region')}
              rules={[zodRule(fields.companyRegion, { name: 'companyRegion' })]}
            >
              <Input autoComplete="off" count={lengthCount(fields.companyRegion)} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="companyCountry"
              label={t('companies.country')}
              rules={[zodRule(fields.companyCountry, { name: 'companyCountry' })]}
            >
              <Input autoComplete="off" count={lengthCount(fields.companyCountry)} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="companyURL"
          label={t('companies.url')}
          rules={[zodRule(fields.companyURL, { name: 'url' })]}
        >
          <Input
            type="url"
            autoComplete="off"
            placeholder="https://"
            count={lengthCount(fields.companyURL)}
          />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="active" label={t('companies.active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          {mayPartner ? (
            <Col xs={24} sm={12}>
              <Form.Item
                name="isPartnerCompany"
                label={t('companies.partnerCompany')}
                valuePropName="checked"
                tooltip={t('companies.partnerHint')}
              >
                <Switch data-testid="company-partner" />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
      </>
    ),
    contact: (
      <>
        <Form.Item
          name="companyContactName"
          label={t('companies.contactName')}
          rules={[zodRule(fields.companyContactName, { name: 'companyContactName' })]}
        >
          <Input autoComplete="off" count={lengthCount(fields.companyContactName)} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="companyPhoneNumber"
              label={t('companies.phone')}
              rules={[zodRule(fields.companyPhoneNumber, { name: 'phone' })]}
            >
              <Input type="tel" autoComplete="off" count={lengthCount(fields.companyPhoneNumber)} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="companyFaxNumber"
              label={t('companies.fax')}
              rules={[zodRule(fields.companyFaxNumber, { name: 'phone' })]}
            >
              <Input type="tel" autoComplete="off" count={lengthCount(fields.companyFaxNumber)} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="companyEmail"
          label={t('companies.email')}
          rules={[zodRule(fields.companyEmail, { name: 'email' })]}
        >
          <Input type="email" autoComplete="off" count={lengthCount(fields.companyEmail)} />
        </Form.Item>
      </>
    ),
    branding: (
      <>
        <Form.Item name="logo" label={t('companies.logo')}>
          <PictureField
            hasStored={Boolean(base?.companyLogoHash)}
            onProblem={showLogoProblem}
            textKeys="companies.logo"
            testId="company-logo"
            full
          />
        </Form.Item>
        <Form.Item
          name="useParentCompanyBranding"
          label={t('companies.useParentBranding')}
          extra={t('companies.useParentBrandingHint')}
          valuePropName="checked"
        >
          <Switch data-testid="company-use-parent-branding" />
        </Form.Item>
      </>
    ),
    licence: <LicenceTab mayList={mayListLicences} linkedId={base?.companyLicense?.licenseInfoId ?? null} />,
    terms: <TermsTab linkedId={base?.companyTerms?.termsId ?? null} />,
    parameters: (
      <>
        <ParametersField
          name="companyParameters"
          title={t('companies.companyParameters')}
          hint={t('companies.companyParametersHint')}
        />
        <ParametersField
          name="globalParameters"
          title={t('companies.globalParameters')}
          hint={t('companies.globalParametersHint')}
        />
      </>
    ),
  };

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={creating ? t('companies.createTitle') : t('companies.editTitle', { name: base.companyName })}
      width={640}
      onSave={() => form.submit()}
      saving={save.isPending}
      saveDisabled={stale}
      saveLabel={creating ? t('common.create') : t('common.save')}
      saveTestId="company-form-save"
    >
      {stale ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('companies.staleTitle')}
          description={t('companies.staleText')}
          data-testid="company-stale"
          action={
            <Button
              icon={<ReloadOutlined aria-hidden />}
              loading={reloading}
              onClick={() => void reload()}
              data-testid="company-reload"
            >
              {t('companies.reload')}
            </Button>
          }
        />
      ) : null}
      <Form<TCompanyFormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        scrollToFirstError
        initialValues={initialValues(company, defaultParentId)}
        onFinish={() => void submit()}
        onFinishFailed={({ errorFields }) => {
          const name = errorFields[0]?.name[0];
          if (typeof name === 'string' && name in TAB_OF_FIELD)
            setTab(TAB_OF_FIELD[name as keyof TCompanyFormValues]);
        }}
        data-testid="company-form"
      >
        {narrow ? (
          // A phone has no room for six tabs (antd would fold some into a menu): one section each.
          COMPANY_TABS.map((key) => (
            <section key={key} aria-label={tabLabel[key]}>
              <Typography.Title level={2} style={{ fontSize: 16, margin: '8px 0 12px' }}>
                {tabLabel[key]}
              </Typography.Title>
              {content[key]}
            </section>
          ))
        ) : (
          <ConfigProvider
            // antd's selected tab text in the dark theme (its primary blue on near-black) is about 3:1.
            theme={dark ? { components: { Tabs: { itemSelectedColor: token.colorText } } } : {}}
          >
            <Tabs
              activeKey={tab}
              onChange={(key) => setTab(key as TCompanyTab)}
              items={COMPANY_TABS.map((key) => ({
                key,
                label: tabLabel[key],
                // Every tab's fields stay mounted: validation and saving see them all.
                forceRender: true,
                children: content[key],
              }))}
            />
          </ConfigProvider>
        )}
      </Form>
    </FormDrawer>
  );
}
