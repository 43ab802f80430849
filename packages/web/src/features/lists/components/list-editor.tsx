import { ArrowLeftOutlined } from '@ant-design/icons';
import { type TGenericList, ZGenericListInput } from '@portal/contract';
import { Alert, Button, Card, Flex, Form, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { isApiError } from '../../../shared/api/api-error.ts';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useList } from '../api/find-lists.ts';
import { useSaveLists } from '../api/save-lists.ts';
import {
  draftOf,
  hasErrors,
  inputOf,
  isDirty,
  serverErrorsOf,
  type TDraftErrors,
  type TListDraft,
  validateDraft,
} from './list-draft.ts';
import { listErrorText } from './list-error-text.ts';
import { ListItemsEditor } from './list-items-editor.tsx';
import { HeaderSwitch, HeaderText } from '../../../shared/ui/header-fields.tsx';
import { SaveBar } from '../../../shared/ui/save-bar.tsx';
import { useLeaveGuard } from '../../../shared/ui/use-leave-guard.tsx';
import { RecordRoute } from '../../../shared/ui/record-route.tsx';

/** #/lists/new and #/lists/:id: a generic list's code, description, status and items. */
export function ListEditor() {
  const { t } = useTranslation();
  return (
    <RecordRoute
      useRecord={useList}
      notFound={{ title: t('lists.notFound'), backTo: '/lists', backLabel: t('lists.backToLists') }}
    >
      {(list, id) => <ListEditorForm key={id ?? 'new'} list={list} />}
    </RecordRoute>
  );
}

const NO_ERRORS: TDraftErrors = { items: {} };

/** Shows client errors once a save was tried (a repeated code at once), over them the server's. */
function shownErrors(draft: TListDraft, attempted: boolean, server: TDraftErrors): TDraftErrors {
  const client = validateDraft(draft);
  const items: TDraftErrors['items'] = {};
  for (const [key, row] of Object.entries(client.items)) {
    const kept = attempted ? row : row.itemCode?.key === 'repeated' ? { itemCode: row.itemCode } : undefined;
    if (kept) items[key] = kept;
  }
  for (const [key, row] of Object.entries(server.items)) items[key] = { ...items[key], ...row };
  return { listCode: server.listCode ?? (attempted ? client.listCode : undefined), items };
}

function ListEditorForm({ list }: { list: TGenericList | null }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const session = useSession();
  const mayUpdate = can(session, 'adminmanagement.update');
  const save = useSaveLists();
  const [saved, setSaved] = useState(list);
  const [draft, setDraftState] = useState(() => draftOf(list));
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<TDraftErrors>(NO_ERRORS);
  const original = draftOf(saved);
  const dirty = mayUpdate && isDirty(draft, original);
  const guard = useLeaveGuard(() => dirty, { text: t('lists.leaveText'), testId: 'lists-confirm-leave' });
  const errors = shownErrors(draft, attempted, serverErrors);
  const invalid = attempted && hasErrors(validateDraft(draft));

  const setDraft = (patch: Partial<TListDraft>) => {
    setDraftState((current) => ({ ...current, ...patch }));
    setServerErrors(NO_ERRORS);
  };

  const cancel = () => {
    setDraftState(draftOf(saved));
    setAttempted(false);
    setServerErrors(NO_ERRORS);
  };

  const submit = async () => {
    // Nothing changed: nothing to send.
    if (!dirty || save.isPending) return;
    setAttempted(true);
    if (hasErrors(validateDraft(draft))) return;
    const sent = draft;
    try {
      const [result] = await save.mutateAsync([inputOf(sent, saved?.listId)]);
      if (!result) return;
      toast.success(saved ? t('lists.saved') : t('lists.created'));
      if (!saved) {
        guard.allowNext();
        void navigate(`/lists/${result.listId}`, { replace: true });
        return;
      }
      setSaved(result);
      setDraftState(draftOf(result));
      setAttempted(false);
    } catch (error) {
      if (isApiError(error)) setServerErrors(serverErrorsOf(sent, error.status, error.errorDetails).errors);
    }
  };

  const codeError = errors.listCode;
  return (
    <>
      <PageHeader
        title={saved ? saved.listCode : t('lists.createTitle')}
        subtitle={saved ? (saved.listDescription ?? undefined) : undefined}
        extra={
          <Link to="/lists">
            <Button icon={<ArrowLeftOutlined />}>{t('lists.backToLists')}</Button>
          </Link>
        }
      />
      {!mayUpdate ? (
        <Alert type="info" showIcon title={t('lists.readOnly')} style={{ marginBottom: 16 }} />
      ) : null}
      <Card size="small" style={{ marginBottom: 16 }}>
        <Form layout="vertical" component="div" requiredMark={mayUpdate ? undefined : false}>
          <Flex wrap gap={16}>
            <HeaderText
              id="list-code"
              label={t('lists.code')}
              value={draft.listCode}
              schema={ZGenericListInput.shape.listCode}
              readOnly={!mayUpdate}
              required={mayUpdate}
              error={codeError ? listErrorText(t, codeError) : undefined}
              onChange={(listCode) => setDraft({ listCode })}
            />
            <HeaderText
              id="list-description"
              label={t('lists.description')}
              value={draft.listDescription}
              schema={ZGenericListInput.shape.listDescription}
              readOnly={!mayUpdate}
              grow="text"
              onChange={(listDescription) => setDraft({ listDescription })}
            />
            <HeaderSwitch
              id="list-active"
              label={t('lists.active')}
              checked={draft.active}
              disabled={!mayUpdate}
              onChange={(active) => setDraft({ active })}
            />
          </Flex>
        </Form>
      </Card>
      <Typography.Title level={2} style={{ fontSize: token.fontSizeLG, marginTop: 0 }}>
        {t('lists.items.titleCount', { count: draft.items.length })}
      </Typography.Title>
      <ListItemsEditor
        items={draft.items}
        onChange={(items) => setDraft({ items })}
        errors={errors.items}
        readOnly={!mayUpdate}
      />
      {mayUpdate ? (
        <SaveBar
          testId="list"
          dirty={dirty}
          busy={save.isPending}
          error={invalid ? t('lists.fixErrors') : null}
          unsavedText={t('lists.unsaved')}
          onCancel={cancel}
          onSave={() => void submit()}
          saveNeedsChange
        />
      ) : null}
      {guard.dialog}
    </>
  );
}
