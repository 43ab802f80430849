import { ArrowLeftOutlined } from '@ant-design/icons';
import { type TParameterList, ZParameterListInput } from '@portal/contract';
import { Alert, Button, Card, Flex, Form, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldTitle } from './field-title.ts';
import { Link, useNavigate } from 'react-router-dom';
import { isApiError } from '../../../shared/api/api-error.ts';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useDeleteParameterLists } from '../api/delete-parameter-lists.ts';
import { useParameterList } from '../api/find-parameter-lists.ts';
import { useDeleteParameters, useSaveParameterList } from '../api/save-parameter-lists.ts';
import { useUnits } from '../api/unit-list.ts';
import {
  changesOf,
  draftOf,
  hasErrors,
  isDirty,
  PORTAL_WIDE,
  serverErrorsOf,
  type TDraftErrors,
  type TParameterListDraft,
  validateDraft,
} from './parameter-draft.ts';
import { parameterErrorText } from './parameter-error-text.ts';
import { ParameterGrid } from './parameter-grid.tsx';
import { HeaderSwitch, HeaderText } from '../../../shared/ui/header-fields.tsx';
import { SaveBar } from '../../../shared/ui/save-bar.tsx';
import { useLeaveGuard } from '../../../shared/ui/use-leave-guard.tsx';
import { RecordRoute } from '../../../shared/ui/record-route.tsx';
import { ConfirmDeleteButton } from '../../../shared/ui/confirm-delete-button.tsx';
import { CompanyPicker } from '../../../shared/ui/company-picker.tsx';

/** #/parameter-lists/new and #/parameter-lists/:id: a parameter list and its parameter grid. */
export function ParameterListEditor() {
  const { t } = useTranslation();
  return (
    <RecordRoute
      useRecord={useParameterList}
      notFound={{
        title: t('parameterLists.notFound'),
        backTo: '/parameter-lists',
        backLabel: t('parameterLists.backToLists'),
      }}
    >
      {(list, id) => <ParameterListForm key={id ?? 'new'} list={list} />}
    </RecordRoute>
  );
}

const NO_ERRORS: TDraftErrors = { parameters: {} };

/**
 * Value errors show as they are typed; missing and repeated names and the list's own fields once
 * a save was tried; the server's answer over both.
 */
function shownErrors(draft: TParameterListDraft, attempted: boolean, server: TDraftErrors): TDraftErrors {
  const client = validateDraft(draft);
  const parameters: TDraftErrors['parameters'] = {};
  for (const [key, row] of Object.entries(client.parameters)) {
    const kept = attempted ? row : row.parameterValue ? { parameterValue: row.parameterValue } : undefined;
    if (kept) parameters[key] = kept;
  }
  for (const [key, row] of Object.entries(server.parameters))
    parameters[key] = { ...parameters[key], ...row };
  return {
    parameterListCode: server.parameterListCode ?? (attempted ? client.parameterListCode : undefined),
    companyId: server.companyId ?? (attempted ? client.companyId : undefined),
    parameters,
  };
}

/** The editor of one list (or of a new one); `key`ed by id, so a saved new list starts afresh. */
export function ParameterListForm({ list }: { list: TParameterList | null }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const session = useSession();
  const isAdmin = can(session, 'adminmanagement.read');
  const mayTouch = list === null || list.companyId !== null || isAdmin;
  const mayEdit =
    mayTouch &&
    can(session, 'contentmanagement.update') &&
    (list !== null || can(session, 'contentmanagement.create'));
  const mayDelete = mayTouch && can(session, 'contentmanagement.delete');
  const save = useSaveParameterList();
  const removeParameters = useDeleteParameters();
  const removeList = useDeleteParameterLists();
  const units = useUnits();
  const defaultCompany = isAdmin ? PORTAL_WIDE : (session.claims?.companyId ?? null);
  const [saved, setSaved] = useState(list);
  const [draft, setDraftState] = useState(() => draftOf(list, defaultCompany));
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<TDraftErrors>(NO_ERRORS);
  const original = draftOf(saved, defaultCompany);
  const listId = saved?.parameterListId;
  const dirty = mayEdit && isDirty(draft, original, listId);
  const guard = useLeaveGuard(() => dirty, {
    text: t('parameterLists.leaveText'),
    testId: 'parameter-list-confirm-leave',
  });
  const errors = shownErrors(draft, attempted, serverErrors);
  const invalid = attempted && hasErrors(validateDraft(draft));
  const busy = save.isPending || removeParameters.isPending;

  const setDraft = (patch: Partial<TParameterListDraft>) => {
    setDraftState((current) => ({ ...current, ...patch }));
    setServerErrors(NO_ERRORS);
  };

  const cancel = () => {
    setDraftState(draftOf(saved, defaultCompany));
    setAttempted(false);
    setServerErrors(NO_ERRORS);
  };

  /** Takes `next` as the saved list; the draft keeps its removals still to send. */
  const settle = (next: TParameterList, pendingRemovals: number[]) => {
    setSaved(next);
    const fresh = draftOf(next, defaultCompany);
    setDraftState({
      ...fresh,
      parameters: fresh.parameters.filter((p) => !pendingRemovals.includes(p.parameterId ?? 0)),
    });
  };

  const submit = async () => {
    if (busy) return;
    const { input, removedIds } = changesOf(draft, original, listId);
    // Nothing changed: nothing to send.
    if (!dirty || (input === null && removedIds.length === 0)) return;
    setAttempted(true);
    if (hasErrors(validateDraft(draft))) return;
    const sent = draft;
    let current = saved;
    try {
      // The list first, so a refused save removes nothing.
      if (input) {
        current = await save.mutateAsync(input);
        if (!current) return;
        if (!saved) {
          toast.success(t('parameterLists.created'));
          guard.allowNext();
          void navigate(`/parameter-lists/${current.parameterListId}`, { replace: true });
          return;
        }
        settle(current, removedIds);
      }
      if (removedIds.length > 0 && current) {
        await removeParameters.mutateAsync(removedIds);
        current = {
          ...current,
          parameters: current.parameters.filter((p) => !removedIds.includes(p.parameterId)),
        };
        settle(current, []);
      }
      toast.success(t('parameterLists.saved'));
      setAttempted(false);
    } catch (error) {
      if (isApiError(error)) setServerErrors(serverErrorsOf(sent, error.errorDetails));
    }
  };

  const deleteNow = async () => {
    if (!saved) return;
    try {
      await removeList.mutateAsync([saved.parameterListId]);
      toast.success(t('parameterLists.deleted', { count: 1 }));
      guard.allowNext();
      void navigate('/parameter-lists');
    } catch {
      // The API client shows why (a list in use: how many families use it).
    }
  };

  const codeError = errors.parameterListCode;
  const companyError = errors.companyId;
  return (
    <>
      <PageHeader
        title={saved ? saved.parameterListCode : t('parameterLists.createTitle')}
        subtitle={saved ? (saved.parameterListDescription ?? undefined) : undefined}
        extra={
          <>
            <Link to="/parameter-lists">
              <Button icon={<ArrowLeftOutlined />}>{t('parameterLists.backToLists')}</Button>
            </Link>
            {saved && mayDelete ? (
              <ConfirmDeleteButton
                title={t('parameterLists.deleteTitle', { code: saved.parameterListCode })}
                description={
                  saved.familyCount
                    ? t('parameterLists.deleteInUse', { count: saved.familyCount })
                    : t('parameterLists.deleteWarning')
                }
                onConfirm={deleteNow}
                loading={removeList.isPending}
                testId="parameter-list-delete"
              />
            ) : null}
          </>
        }
      />
      {!mayEdit ? (
        <Alert type="info" showIcon title={t('parameterLists.readOnly')} style={{ marginBottom: 16 }} />
      ) : null}
      <Card size="small" style={{ marginBottom: 16 }}>
        <Form layout="vertical" component="div" requiredMark={mayEdit ? undefined : false}>
          <Flex wrap gap={16}>
            <HeaderText
              id="parameter-list-code"
              label={fieldTitle(t, 'parameterListCode')}
              value={draft.parameterListCode}
              schema={ZParameterListInput.shape.parameterListCode}
              readOnly={!mayEdit}
              required={mayEdit}
              error={codeError ? parameterErrorText(t, codeError) : undefined}
              onChange={(parameterListCode) => setDraft({ parameterListCode })}
            />
            <HeaderText
              id="parameter-list-description"
              label={fieldTitle(t, 'parameterListDescription')}
              value={draft.parameterListDescription}
              schema={ZParameterListInput.shape.parameterListDescription}
              readOnly={!mayEdit}
              grow="text"
              onChange={(parameterListDescription) => setDraft({ parameterListDescription })}
            />
            <Form.Item
              label={t('parameterLists.company')}
              htmlFor="parameter-list-company"
              required={mayEdit}
              extra={isAdmin && mayEdit ? t('parameterLists.companyHintAdmin') : undefined}
              validateStatus={companyError ? 'error' : undefined}
              help={companyError ? parameterErrorText(t, companyError) : undefined}
              style={{ flex: '1 1 220px', marginBottom: 8 }}
            >
              <CompanyPicker
                id="parameter-list-company"
                value={draft.companyId}
                onChange={(companyId) => setDraft({ companyId })}
                leading={isAdmin ? { value: PORTAL_WIDE, label: t('parameterLists.portalWide') } : undefined}
                current={saved}
                placeholder={t('parameterLists.companyPlaceholder')}
                testId="parameter-list-company"
                disabled={!mayEdit}
                invalid={companyError !== undefined}
              />
            </Form.Item>
            <HeaderSwitch
              id="parameter-list-active"
              label={t('parameterLists.active')}
              checked={draft.active}
              disabled={!mayEdit}
              onChange={(active) => setDraft({ active })}
            />
          </Flex>
        </Form>
      </Card>
      <Typography.Title level={2} style={{ fontSize: token.fontSizeLG, marginTop: 0 }}>
        {t('parameterLists.grid.titleCount', { count: draft.parameters.length })}
      </Typography.Title>
      <ParameterGrid
        rows={draft.parameters}
        onChange={(parameters) => setDraft({ parameters })}
        errors={errors.parameters}
        readOnly={!mayEdit}
        mayRemoveSaved={can(session, 'contentmanagement.delete')}
        units={{ options: units.data ?? [], loading: units.isLoading, failed: units.isError }}
      />
      {mayEdit ? (
        <SaveBar
          testId="parameter-list"
          dirty={dirty}
          busy={busy}
          error={invalid ? t('parameterLists.fixErrors') : null}
          unsavedText={t('parameterLists.unsaved')}
          onCancel={cancel}
          onSave={() => void submit()}
        />
      ) : null}
      {guard.dialog}
    </>
  );
}
