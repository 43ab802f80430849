import { Input, type InputRef, Select } from 'antd';
import {
  type ChangeEvent,
  type CSSProperties,
  type KeyboardEvent,
  memo,
  type MouseEvent,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import './price-item-cells.css';

/**
 * The grid's cells (issue 27): every cell is plain markup styled as its field (a bare `<input>` for
 * text and numbers, a `role=combobox` box for a choice), focusable and named; the antd editor is
 * mounted only in the cell being edited, when it takes the focus (Tab, a click, Enter or typing).
 * Fifty rows of antd Inputs and Selects cost the price list 1.2 s of blocking time.
 */

/** The grid's theme as CSS variables, set once on the grid (dark mode follows the tokens). */
export type TCellTheme = {
  colorBorder: string;
  colorPrimary: string;
  colorPrimaryHover: string;
  controlOutline: string;
  colorError: string;
  colorErrorHover: string;
  colorErrorOutline: string;
  colorBgContainer: string;
  colorText: string;
  colorTextQuaternary: string;
  borderRadiusSM: number;
};

/** The CSS variables the cells' stylesheet reads. */
export function cellThemeStyle(token: TCellTheme): CSSProperties {
  return {
    '--portal-cell-border': token.colorBorder,
    '--portal-cell-primary': token.colorPrimary,
    '--portal-cell-primary-hover': token.colorPrimaryHover,
    '--portal-cell-outline': token.controlOutline,
    '--portal-cell-error': token.colorError,
    '--portal-cell-error-hover': token.colorErrorHover,
    '--portal-cell-error-outline': token.colorErrorOutline,
    '--portal-cell-bg': token.colorBgContainer,
    '--portal-cell-text': token.colorText,
    '--portal-cell-arrow': token.colorTextQuaternary,
    '--portal-cell-radius': `${token.borderRadiusSM}px`,
  } as CSSProperties;
}

/** Keys that start editing a cell that has the focus but no editor (after Escape). */
const EDIT_KEYS = new Set(['Enter', 'F2']);

/** A key that types a character (not a shortcut): it goes to the editor it opens. */
function typesCharacter(event: KeyboardEvent): boolean {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}

type TCellCommon = {
  /** The row's key and the field, as data-row and data-control (the grid focuses a new row's first cell). */
  rowKey: string;
  field: string;
  label: string;
  /** The error's words, shown as the cell's title; marks the cell invalid. */
  error: string | undefined;
  testId: string;
};

export type TTextCellProps = TCellCommon & {
  /** The text as typed. */
  value: string;
  /** What the cell shows while not edited (a price as money); the text itself when absent. */
  shown?: string;
  maxLength?: number;
  numeric?: boolean;
  onChange: (rowKey: string, field: string, value: string) => void;
};

/**
 * A text or number cell: a bare input showing the value until it takes the focus, then antd's
 * Input with the text as typed, all of it selected (what is typed next replaces it, as in a
 * spreadsheet). Escape puts back the text the edit began with and leaves the cell focused.
 */
export const TextCell = memo(function TextCell(props: TTextCellProps) {
  const { rowKey, field, label, error, testId, value, shown, maxLength, numeric, onChange } = props;
  const [editing, setEditing] = useState(false);
  const plain = useRef<HTMLInputElement>(null);
  const editor = useRef<InputRef>(null);
  const began = useRef(value);
  /** Set when Escape hands the focus back to the plain cell, which must not start editing again. */
  const resting = useRef(false);

  useLayoutEffect(() => {
    if (!editing) return;
    const input = editor.current?.input;
    input?.focus();
    input?.select();
  }, [editing]);

  const start = () => {
    began.current = value;
    flushSync(() => setEditing(true));
  };

  const shared = {
    'aria-label': label,
    'aria-invalid': error ? true : undefined,
    title: error,
    maxLength,
    inputMode: numeric ? ('decimal' as const) : undefined,
    'data-row': rowKey,
    'data-control': field,
    'data-testid': testId,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(rowKey, field, event.target.value),
  };

  if (!editing) {
    return (
      <input
        {...shared}
        ref={plain}
        type="text"
        className={`portal-cell${numeric ? ' portal-cell-number' : ''}${error ? ' portal-cell-error' : ''}`}
        value={shown ?? value}
        onFocus={() => {
          if (resting.current) resting.current = false;
          else start();
        }}
        onKeyDown={(event) => {
          if (EDIT_KEYS.has(event.key)) {
            event.preventDefault();
            start();
          } else if (typesCharacter(event)) start();
        }}
      />
    );
  }
  return (
    <Input
      {...shared}
      ref={editor}
      size="small"
      value={value}
      status={error ? 'error' : undefined}
      style={numeric ? { textAlign: 'end' } : undefined}
      onBlur={() => setEditing(false)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        if (value !== began.current) onChange(rowKey, field, began.current);
        resting.current = true;
        flushSync(() => setEditing(false));
        plain.current?.focus();
      }}
    />
  );
});

export type TChoiceOption = { value: number; label: string; title: string };

export type TChoiceCellProps = TCellCommon & {
  value: number | null;
  /** The chosen option's code (or `#id` for one not in the list). */
  shown: string;
  options: TChoiceOption[];
  loading: boolean;
  onChange: (rowKey: string, field: string, value: number | null) => void;
};

/**
 * A choice cell (unit, currency): a box showing the code until it takes the focus, then antd's
 * Select, opened at once when a click, Enter, Space, an arrow or a typed letter brought it.
 */
export const ChoiceCell = memo(function ChoiceCell(props: TChoiceCellProps) {
  const { rowKey, field, label, error, testId, value, shown, options, loading, onChange } = props;
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const plain = useRef<HTMLDivElement>(null);
  const began = useRef(value);
  const resting = useRef(false);
  /** A press of the pointer opens the list once the Select is there (the click lands on the box). */
  const pressed = useRef(false);

  const start = (withList: boolean) => {
    began.current = value;
    setOpen(withList);
    flushSync(() => setEditing(true));
  };

  if (!editing) {
    return (
      <div
        ref={plain}
        role="combobox"
        tabIndex={0}
        aria-label={label}
        aria-expanded="false"
        aria-haspopup="listbox"
        aria-invalid={error ? true : undefined}
        title={error}
        className={`portal-cell portal-cell-choice${error ? ' portal-cell-error' : ''}`}
        data-row={rowKey}
        data-control={field}
        data-testid={testId}
        onMouseDown={(event: MouseEvent) => {
          if (event.button === 0) pressed.current = true;
        }}
        onFocus={() => {
          const withList = pressed.current;
          pressed.current = false;
          if (resting.current) resting.current = false;
          else start(withList);
        }}
        onKeyDown={(event) => {
          if (EDIT_KEYS.has(event.key) || event.key === ' ' || event.key === 'ArrowDown') {
            event.preventDefault();
            start(true);
          } else if (typesCharacter(event)) start(true);
        }}
      >
        <span className="portal-cell-choice-text">{shown}</span>
        <svg className="portal-cell-arrow" viewBox="0 0 12 12" width="12" height="12" aria-hidden>
          <path d="M2 4.5 6 8.5 10 4.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
        </svg>
      </div>
    );
  }
  return (
    <Select<number>
      size="small"
      autoFocus
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      value={value ?? undefined}
      options={options}
      open={open}
      onOpenChange={setOpen}
      popupMatchSelectWidth={false}
      status={error ? 'error' : undefined}
      aria-label={label}
      data-row={rowKey}
      data-control={field}
      data-testid={testId}
      style={{ width: '100%' }}
      onChange={(next: number | undefined) => onChange(rowKey, field, next ?? null)}
      onBlur={() => {
        setOpen(false);
        setEditing(false);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || open) return;
        event.preventDefault();
        if (value !== began.current) onChange(rowKey, field, began.current);
        resting.current = true;
        flushSync(() => setEditing(false));
        plain.current?.focus();
      }}
    />
  );
});
