import {
  LIST_CODE_PATTERN,
  LIST_TEXT_MAX,
  type TErrorDetail,
  type TGenericList,
  type TGenericListInput,
} from '@portal/contract';

/** One item row as edited; `key` stays with the row while it moves. */
export type TItemDraft = { key: string; itemCode: string; itemDescription: string };

export type TListDraft = {
  listCode: string;
  listDescription: string;
  active: boolean;
  items: TItemDraft[];
};

export type TItemField = 'itemCode' | 'itemDescription';

/** What is wrong with a draft, by field and by item row key; each entry a keyed message. */
export type TDraftErrors = {
  listCode?: TErrorDetail;
  items: Record<string, Partial<Record<TItemField, TErrorDetail>>>;
};

/** The contract's limits, so the form refuses what the save would. */
export const CODE_MAX = LIST_TEXT_MAX.listCode;
export const ITEM_CODE_MAX = LIST_TEXT_MAX.itemCode;
export const ITEM_DESCRIPTION_MAX = LIST_TEXT_MAX.itemDescription;
export const LIST_DESCRIPTION_MAX = LIST_TEXT_MAX.listDescription;

let nextKey = 0;

/** A key for a new row, unique within the page's life. */
export function newItemKey(): string {
  nextKey += 1;
  return `new-${nextKey}`;
}

/** The editable copy of a saved list (or an empty one for a new list). */
export function draftOf(list: TGenericList | null): TListDraft {
  if (!list) return { listCode: '', listDescription: '', active: true, items: [] };
  return {
    listCode: list.listCode,
    listDescription: list.listDescription ?? '',
    active: list.active,
    items: [...list.listItems]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((item) => ({
        key: `item-${item.listItemId}`,
        itemCode: item.itemCode,
        itemDescription: item.itemDescription,
      })),
  };
}

/** The list as it would be saved (trimmed), without row keys: two drafts are the same list when these match. */
export function inputOf(draft: TListDraft, listId: number | undefined): TGenericListInput {
  return {
    ...(listId === undefined ? {} : { listId }),
    listCode: draft.listCode.trim(),
    listDescription: draft.listDescription.trim() || null,
    active: draft.active,
    listItems: draft.items.map((item) => ({
      itemCode: item.itemCode.trim(),
      itemDescription: item.itemDescription.trim(),
    })),
  };
}

/** True when saving the draft would change the saved list. */
export function isDirty(draft: TListDraft, saved: TListDraft): boolean {
  return JSON.stringify(inputOf(draft, undefined)) !== JSON.stringify(inputOf(saved, undefined));
}

/** Moves the item at `from` to `to` (both clamped), answering a new array. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from === target || from < 0 || from >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(target, 0, moved);
  return next;
}

function textError(name: string, value: string, max: number): TErrorDetail | undefined {
  const text = value.trim();
  if (!text) return { key: 'required', values: { name } };
  if (text.length > max) return { key: 'maxLength', values: { name, max } };
  return undefined;
}

/** The same checks the server makes, so most mistakes show on their row before anything is sent. */
export function validateDraft(draft: TListDraft): TDraftErrors {
  const errors: TDraftErrors = { items: {} };
  const code = draft.listCode.trim();
  errors.listCode =
    textError('listCode', code, CODE_MAX) ??
    (LIST_CODE_PATTERN.test(code) ? undefined : { key: 'notValid', values: { name: 'listCode' } });
  if (!errors.listCode) delete errors.listCode;
  const seen = new Set<string>();
  for (const item of draft.items) {
    const row: Partial<Record<TItemField, TErrorDetail>> = {};
    const itemCode = item.itemCode.trim();
    const codeError = textError('itemCode', itemCode, ITEM_CODE_MAX);
    if (codeError) row.itemCode = codeError;
    else if (seen.has(itemCode.toLowerCase()))
      row.itemCode = { key: 'repeated', values: { name: 'itemCode', value: itemCode } };
    seen.add(itemCode.toLowerCase());
    const descriptionError = textError('itemDescription', item.itemDescription, ITEM_DESCRIPTION_MAX);
    if (descriptionError) row.itemDescription = descriptionError;
    if (row.itemCode || row.itemDescription) errors.items[item.key] = row;
  }
  return errors;
}

export function hasErrors(errors: TDraftErrors): boolean {
  return errors.listCode !== undefined || Object.keys(errors.items).length > 0;
}

const ITEM_FIELD = /^listInfos\.0\.listItems\.(\d+)\.(itemCode|itemDescription)$/;

/**
 * Places the details of a refused save on the draft that was sent: `listInfos.0.listItems.N.itemCode`
 * on row N's code cell, `listInfos.0.listCode` (or a 409: the code is taken) on the code field.
 * Answers the errors placed and whether anything was placed.
 */
export function serverErrorsOf(
  sent: TListDraft,
  status: number,
  details: readonly (TErrorDetail | null)[],
): { errors: TDraftErrors; placed: boolean } {
  const errors: TDraftErrors = { items: {} };
  let placed = false;
  for (const detail of details) {
    if (!detail?.field) continue;
    const match = ITEM_FIELD.exec(detail.field);
    const row = match ? sent.items[Number(match[1])] : undefined;
    if (match && row) {
      const field = match[2] as TItemField;
      errors.items[row.key] = { ...errors.items[row.key], [field]: detail };
      placed = true;
    } else if (detail.field === 'listInfos.0.listCode' || detail.field === 'listCode') {
      errors.listCode = detail;
      placed = true;
    }
  }
  if (status === 409 && !errors.listCode) {
    errors.listCode = { key: 'codeTaken' };
    placed = true;
  }
  return { errors, placed };
}
