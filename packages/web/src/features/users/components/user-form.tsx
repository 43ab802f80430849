import type { TUser, TUserInputSent } from '@portal/contract';
import { ZUserData } from '@portal/contract';
import { Col, Form, Input, Row, Select, Switch, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshOwnUser } from '../../../shared/api/session.ts';
import { sessionStore } from '../../../shared/auth/session-store.ts';
import { hashPassword } from '../../../shared/crypto/password-hash.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { NewPasswordField } from '../../../shared/ui/new-password-input.tsx';
import { showServerFieldErrors, type TFieldMap } from '../../../shared/ui/server-field-errors.ts';
import { LoginField, PERSON_SERVER_FIELDS, PersonFields } from '../../../shared/ui/person-fields.tsx';
import { RoleName, roleOptions } from '../../../shared/ui/role-name.tsx';
import { lengthCount } from '../../../shared/ui/text-length.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import type { TCompanyScopeOption } from '../../../shared/api/company-options.ts';
import type { TRoleOption } from '../api/find-role-options.ts';
import { useUserPhoto } from '../api/find-user-photo.ts';
import { useSaveUsers } from '../api/save-users.ts';
import { companyTreeOptions } from './company-tree-options.ts';
import { PhotoField, type TPhotoValue } from './photo-field.tsx';

type TUserFormValues = {
  login: string;
  password?: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  companyId?: number | null;
  /** The company a self-registered user typed, kept while no listed company is picked. */
  companyName?: string | null;
  roleIds: number[];
  active: boolean;
  registrationCompleted: boolean;
};

export type TUserFormProps = {
  open: boolean;
  /** The user to edit; null creates a new one. */
  user: TUser | null;
  roles: TRoleOption[];
  companies: TCompanyScopeOption[];
  companiesAvailable: boolean;
  onClose: () => void;
};

const fields = ZUserData.shape;

// Every field has a value here: antd's setFieldsValue merges, so a missing one would keep the
// value of the user edited before.
function initialValues(user: TUser | null): TUserFormValues {
  if (!user) {
    return {
      login: '',
      password: undefined,
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      companyId: undefined,
      companyName: '',
      roleIds: [],
      active: true,
      registrationCompleted: true,
    };
  }
  return {
    login: user.login,
    password: undefined,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone ?? '',
    companyId: user.company?.companyId ?? undefined,
    companyName: user.company ? '' : (user.companyName ?? ''),
    roleIds: user.roles.map((r) => r.roleId),
    active: user.active,
    registrationCompleted: user.registrationCompleted,
  };
}

/** API fields the server may name in an error, and the form field that shows it. */
const SERVER_FIELDS: TFieldMap<TUserFormValues> = {
  ...PERSON_SERVER_FIELDS,
  password: 'password',
  company: 'companyId',
  companyName: 'companyName',
  roles: 'roleIds',
};

/** Create or edit one user in a drawer; rules come from the contract's zod schemas. */
export function UserForm({ open, user, roles, companies, companiesAvailable, onClose }: TUserFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TUserFormValues>();
  const save = useSaveUsers();
  const creating = user === null;
  const [photo, setPhoto] = useState<TPhotoValue>({ base64: null, fileName: null, changed: false });
  const storedPhoto = useUserPhoto(open && user?.photoFileName ? user.id : undefined);

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialValues(user));
    }
    setPhoto({ base64: null, fileName: user?.photoFileName ?? null, changed: false });
  }, [open, user, form]);

  // The stored photo arrives after the form opens; a photo picked meanwhile wins.
  useEffect(() => {
    const base64 = storedPhoto.data;
    if (base64) setPhoto((current) => (current.changed ? current : { ...current, base64 }));
  }, [storedPhoto.data]);

  const companyId = Form.useWatch('companyId', form);
  // The user's own company stays pickable even when the caller may not list companies.
  const companyOptions =
    user?.company && !companies.some((c) => c.companyId === user.company?.companyId)
      ? [
          ...companies,
          {
            companyId: user.company.companyId,
            companyName: user.company.companyName ?? user.companyName ?? '',
          },
        ]
      : companies;
  const companyTree = companyTreeOptions(companyOptions);

  const submit = async (values: TUserFormValues) => {
    const company = companyOptions.find((c) => c.companyId === values.companyId);
    const input: TUserInputSent = {
      ...(user ? { id: user.id } : {}),
      login: values.login.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      phone: values.phone?.trim() || null,
      company: company ? { companyId: company.companyId } : null,
      // A listed company names itself; otherwise the typed name is kept (a self-registration's).
      companyName: company
        ? company.companyName || (user?.companyName ?? null)
        : values.companyName?.trim() || null,
      // A new user without roles gets the server's default role (userrole).
      ...(creating && values.roleIds.length === 0
        ? {}
        : { roles: values.roleIds.map((roleId) => ({ roleId })) }),
      active: values.active,
      registrationCompleted: values.registrationCompleted,
      ...(creating && values.password ? { passwordHash: await hashPassword(values.password) } : {}),
      ...(photo.changed ? { photoBase64: photo.base64, photoFileName: photo.fileName } : {}),
    };
    try {
      await save.mutateAsync([input]);
      toast.success(creating ? t('users.created') : t('users.saved'));
      // Someone who changed their own record (a photo, a name) sees it in the header at once.
      if (user && user.id === sessionStore.getSnapshot().authData?.id) void refreshOwnUser();
      onClose();
    } catch (error) {
      // The toast tells the whole story; details about a field also show on it.
      showServerFieldErrors(form, error, SERVER_FIELDS);
    }
  };

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={creating ? t('users.createTitle') : t('users.editTitle', { login: user.login })}
      onSave={() => form.submit()}
      saving={save.isPending}
      saveLabel={creating ? t('common.create') : t('common.save')}
      saveTestId="user-form-save"
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark="optional"
        onFinish={(values) => void submit(values)}
        data-testid="user-form"
      >
        <Form.Item label={t('user.photo')}>
          <PhotoField value={photo} onChange={setPhoto} />
        </Form.Item>
        <LoginField own={false} />
        {creating ? <NewPasswordField name="password" label={t('auth.password')} /> : null}
        <PersonFields own={false} />
        <Form.Item
          name="companyId"
          label={t('user.company')}
          extra={companiesAvailable ? undefined : t('users.companiesUnavailable')}
        >
          <TreeSelect<number>
            allowClear
            disabled={!companiesAvailable}
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            popupMatchSelectWidth={false}
            placeholder={
              companiesAvailable ? t('users.noCompany') : (user?.companyName ?? t('users.noCompany'))
            }
            treeData={companyTree}
            data-testid="user-company"
          />
        </Form.Item>
        {companyId === undefined || companyId === null ? (
          <Form.Item
            name="companyName"
            label={t('auth.companyNotListed')}
            rules={[zodRule(fields.companyName, { name: 'companyName' })]}
          >
            <Input
              autoComplete="off"
              disabled={!companiesAvailable}
              count={lengthCount(fields.companyName)}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="roleIds" label={t('user.roles')} extra={creating ? t('users.rolesHint') : undefined}>
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={roleOptions(t, roles)}
            optionRender={(option) => {
              const role = roles.find((r) => r.roleId === option.value);
              return role ? <RoleName roleName={role.roleName} variant="text" /> : option.label;
            }}
            placeholder={t('users.pickRoles')}
          />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="active" label={t('user.active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="registrationCompleted"
              label={t('user.registrationCompleted')}
              valuePropName="checked"
              tooltip={t('users.registrationCompletedHint')}
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormDrawer>
  );
}
