import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  HolderOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { TErrorDetail } from '@portal/contract';
import { Button, Empty, Flex, Input, theme, Tooltip, Typography } from 'antd';
import { type CSSProperties, type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listErrorText } from './list-error-text.ts';
import {
  ITEM_CODE_MAX,
  ITEM_DESCRIPTION_MAX,
  moveItem,
  newItemKey,
  type TDraftErrors,
  type TItemDraft,
  type TItemField,
} from './list-draft.ts';
import { useScreens } from '../../../shared/theme/use-min-width.ts';

export type TListItemsEditorProps = {
  items: TItemDraft[];
  onChange: (items: TItemDraft[]) => void;
  errors: TDraftErrors['items'];
  readOnly: boolean;
};

/** Which control gets the focus after the next render (a moved row's button, a new row's code). */
type TFocus = { key: string; control: 'itemCode' | 'up' | 'down' | 'add' };

/**
 * The items of a list as an editable grid: code and description per row, rows added, removed and
 * reordered by dragging the handle or with the move up / move down buttons (keyboard). The focus
 * follows a moved row, so pressing "move up" again keeps moving the same item.
 */
export function ListItemsEditor({ items, onChange, errors, readOnly }: TListItemsEditorProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const narrow = useScreens().md === false;
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const focus = useRef<TFocus | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const wanted = focus.current;
    if (!wanted || !root.current) return;
    focus.current = null;
    const selector =
      wanted.control === 'add'
        ? '[data-testid=list-item-add]'
        : `[data-row="${wanted.key}"] [data-control="${wanted.control}"]`;
    const element = root.current.querySelector<HTMLElement>(selector);
    // A row moved to an end has its button there disabled: stay on the row with the other one.
    if (element && !(element as HTMLButtonElement).disabled) element.focus();
    else
      root.current
        .querySelector<HTMLElement>(
          `[data-row="${wanted.key}"] [data-control="${wanted.control === 'up' ? 'down' : 'up'}"]`,
        )
        ?.focus();
  });

  const move = (from: number, to: number, control: 'up' | 'down') => {
    const row = items[from];
    if (!row) return;
    focus.current = { key: row.key, control };
    onChange(moveItem(items, from, to));
  };
  const change = (index: number, field: TItemField, value: string) =>
    onChange(items.map((item, i) => (i === index ? { ...item, [field]: value } : item)));
  const remove = (index: number) => {
    const next = items[index + 1] ?? items[index - 1];
    focus.current = next ? { key: next.key, control: 'itemCode' } : { key: '', control: 'add' };
    onChange(items.filter((_item, i) => i !== index));
  };
  const add = () => {
    const key = newItemKey();
    focus.current = { key, control: 'itemCode' };
    onChange([...items, { key, itemCode: '', itemDescription: '' }]);
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged !== null) onChange(moveItem(items, dragged, index));
    setDragged(null);
    setOver(null);
  };

  const grid: CSSProperties = narrow
    ? {
        display: 'grid',
        gridTemplateColumns: '28px minmax(0, 1fr) auto',
        gap: '6px 8px',
        alignItems: 'start',
      }
    : {
        display: 'grid',
        gridTemplateColumns: readOnly
          ? '40px minmax(120px, 220px) minmax(0, 1fr)'
          : '28px 36px minmax(120px, 220px) minmax(0, 1fr) auto',
        gap: 8,
        alignItems: 'start',
      };

  const label = (item: TItemDraft, index: number) =>
    item.itemCode.trim() || t('lists.items.row', { n: index + 1 });

  const cell = (item: TItemDraft, index: number, field: TItemField) => {
    const error: TErrorDetail | undefined = errors[item.key]?.[field];
    const errorId = `list-item-${item.key}-${field}-error`;
    const name = field === 'itemCode' ? t('lists.items.code') : t('lists.items.description');
    return (
      <div style={narrow && field === 'itemDescription' ? { gridColumn: '2 / 4' } : undefined}>
        {readOnly ? (
          <Typography.Text>{item[field]}</Typography.Text>
        ) : (
          <Input
            value={item[field]}
            data-control={field}
            data-testid={`list-item-${field === 'itemCode' ? 'code' : 'description'}`}
            aria-label={t('lists.items.cellLabel', { name, n: index + 1 })}
            placeholder={narrow ? name : undefined}
            maxLength={field === 'itemCode' ? ITEM_CODE_MAX : ITEM_DESCRIPTION_MAX}
            status={error ? 'error' : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => change(index, field, event.target.value)}
          />
        )}
        {error ? (
          <Typography.Text
            type="danger"
            id={errorId}
            data-testid="list-item-error"
            style={{ display: 'block', fontSize: token.fontSizeSM }}
          >
            {listErrorText(t, error)}
          </Typography.Text>
        ) : null}
      </div>
    );
  };

  return (
    <div ref={root} data-testid="list-items">
      {!narrow && items.length > 0 ? (
        <div
          aria-hidden
          style={{ ...grid, padding: '0 8px 6px', color: token.colorTextSecondary, fontWeight: 600 }}
        >
          {readOnly ? null : <span />}
          <span>#</span>
          <span>{t('lists.items.code')}</span>
          <span>{t('lists.items.description')}</span>
          {readOnly ? null : <span />}
        </div>
      ) : null}
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lists.items.empty')} />
      ) : (
        <ol aria-label={t('lists.items.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item, index) => (
            <li
              key={item.key}
              data-row={item.key}
              data-testid="list-item"
              onDragOver={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                setOver(index);
              }}
              onDrop={(event) => onDrop(event, index)}
              style={{
                ...grid,
                padding: 8,
                marginBottom: 6,
                borderRadius: token.borderRadius,
                border: `1px solid ${over === index && dragged !== index ? token.colorPrimary : token.colorBorderSecondary}`,
                background: dragged === index ? token.controlItemBgActive : token.colorBgContainer,
              }}
            >
              {readOnly ? (
                <span style={{ color: token.colorTextSecondary }}>{index + 1}.</span>
              ) : (
                <Flex vertical align="center" gap={2} style={{ paddingTop: 4 }}>
                  <span
                    draggable
                    title={t('lists.items.dragHint')}
                    aria-hidden
                    data-testid="list-item-handle"
                    onDragStart={(event) => {
                      event.dataTransfer.effectAllowed = 'move';
                      event.dataTransfer.setData('text/plain', item.key);
                      const row = event.currentTarget.closest('li');
                      if (row) event.dataTransfer.setDragImage(row, 12, 12);
                      setDragged(index);
                    }}
                    onDragEnd={() => {
                      setDragged(null);
                      setOver(null);
                    }}
                    style={{ cursor: 'grab', color: token.colorTextSecondary, padding: 2 }}
                  >
                    <HolderOutlined />
                  </span>
                  {narrow ? (
                    <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
                      {index + 1}
                    </span>
                  ) : null}
                </Flex>
              )}
              {!readOnly && !narrow ? (
                <span style={{ color: token.colorTextSecondary, paddingTop: 5 }}>{index + 1}.</span>
              ) : null}
              {cell(item, index, 'itemCode')}
              {narrow ? null : cell(item, index, 'itemDescription')}
              {readOnly ? null : (
                <Flex gap={2}>
                  <Tooltip title={t('lists.items.moveUp')}>
                    <Button
                      type="text"
                      icon={<ArrowUpOutlined />}
                      data-control="up"
                      data-testid="list-item-up"
                      aria-label={t('lists.items.moveUpLabel', { item: label(item, index) })}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1, 'up')}
                    />
                  </Tooltip>
                  <Tooltip title={t('lists.items.moveDown')}>
                    <Button
                      type="text"
                      icon={<ArrowDownOutlined />}
                      data-control="down"
                      data-testid="list-item-down"
                      aria-label={t('lists.items.moveDownLabel', { item: label(item, index) })}
                      disabled={index === items.length - 1}
                      onClick={() => move(index, index + 1, 'down')}
                    />
                  </Tooltip>
                  <Tooltip title={t('lists.items.remove')}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      data-testid="list-item-remove"
                      aria-label={t('lists.items.removeLabel', { item: label(item, index) })}
                      onClick={() => remove(index)}
                    />
                  </Tooltip>
                </Flex>
              )}
              {narrow ? cell(item, index, 'itemDescription') : null}
            </li>
          ))}
        </ol>
      )}
      {readOnly ? null : (
        <Button icon={<PlusOutlined />} onClick={add} data-testid="list-item-add" style={{ marginTop: 4 }}>
          {t('lists.items.add')}
        </Button>
      )}
    </div>
  );
}
