import type { TTifStatus } from '@portal/contract';
import type { FormInstance } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../toast/toast-store.ts';
import { showServerFieldErrors, type TFieldMap } from '../ui/server-field-errors.ts';
import { isPendingStatus } from './workflow-status.tsx';

export type TWorkflowFormOptions<TValues, TRecord, TInput, TStored> = {
  form: FormInstance<TValues>;
  open: boolean;
  /** The record edited; null creates one. */
  record: TRecord | null;
  /** The form's values for a record (empty ones for null). */
  valuesOf: (record: TRecord | null) => TValues;
  /** What the save sends; null when nothing changed. */
  inputOf: (record: TRecord | null, values: TValues) => TInput | null;
  save: (inputs: TInput[]) => Promise<TStored[]>;
  nameOf: (stored: TStored) => string;
  /** Where the area's `unchanged`, `created` and `saved` texts are: `scenarios`, `placementRules`. */
  prefix: string;
  /** API fields the server may name in an error, and the form field that shows it. */
  serverFields: TFieldMap<TValues>;
  onClose: () => void;
};

/**
 * The drawer form of a record that goes through the approval workflow: its values set each time
 * it opens, and its submit: nothing changed is said and closes; a partner's save is a request
 * ("sent for approval"), an admin's is created or saved; a refusal shows at the fields it names
 * (the API client's toast tells the whole story).
 */
export function useWorkflowForm<TValues, TRecord, TInput, TStored extends { tifStatus: TTifStatus | null }>(
  options: TWorkflowFormOptions<TValues, TRecord, TInput, TStored>,
): (values: TValues) => Promise<void> {
  const { t } = useTranslation();
  const { form, open, record, valuesOf } = options;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(record));
  }, [open, record, form, valuesOf]);

  return async (values) => {
    const { prefix, onClose } = options;
    const input = options.inputOf(record, values);
    if (input === null) {
      toast.info(t(`${prefix}.unchanged`));
      onClose();
      return;
    }
    try {
      const [stored] = await options.save([input]);
      toast.success(
        stored && isPendingStatus(stored.tifStatus)
          ? t('scenarios.sentForApproval', { name: options.nameOf(stored) })
          : t(record === null ? `${prefix}.created` : `${prefix}.saved`),
      );
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error, options.serverFields);
    }
  };
}

/**
 * The delete of a record that goes through the approval workflow: an admin's deletes it, anyone
 * else's asks for its removal, and the toast says which; `onDeleted` runs after either (the list
 * steps back a page it emptied). A refusal (409 in use) is told by the API client's toast.
 */
export function useWorkflowDelete<TRecord, TStored extends { tifStatus: TTifStatus | null }>(options: {
  remove: (ids: number[]) => Promise<TStored[]>;
  idOf: (record: TRecord) => number;
  nameOf: (record: TRecord) => string;
  onDeleted: () => void;
}): (record: TRecord) => Promise<void> {
  const { t } = useTranslation();
  return async (record) => {
    try {
      const [answer] = await options.remove([options.idOf(record)]);
      const name = options.nameOf(record);
      toast.success(
        answer && isPendingStatus(answer.tifStatus)
          ? t('scenarios.deleteRequested', { name })
          : t('scenarios.deleted', { name }),
      );
      options.onDeleted();
    } catch {
      // Shown by the API client, translated (409 names how many records use it).
    }
  };
}
