import { Select, theme, Tooltip } from 'antd';

export type TFilterOption<V extends string | number> = { value: V; label: string };

type TCommon<V extends string | number> = {
  label: string;
  options: TFilterOption<V>[];
  /** Narrowest width; the field grows with its text and the menu with its longest option. */
  minWidth?: number;
};

export type TFilterSelectProps<V extends string | number> = TCommon<V> &
  (
    | { multiple?: false; value: V; onChange: (value: V) => void }
    | { multiple: true; value: V[]; onChange: (value: V[]) => void }
  );

/**
 * A filter drop-down whose texts are never cut short: the menu is as wide as its longest option,
 * a single choice widens the field, and chosen values that do not fit collapse into "+N" with
 * every name in a tooltip.
 */
export function FilterSelect<V extends string | number>(props: TFilterSelectProps<V>) {
  const { label, options, minWidth = 170 } = props;
  const { token } = theme.useToken();
  const common = {
    'aria-label': label,
    // The placeholder names the filter, so it needs readable contrast (antd's is about 1.6:1).
    styles: { placeholder: { color: token.colorTextSecondary } },
    options,
    popupMatchSelectWidth: false,
    showSearch: { optionFilterProp: 'label' },
  } as const;
  if (props.multiple) {
    return (
      <Select<V[], TFilterOption<V>>
        {...common}
        mode="multiple"
        allowClear
        placeholder={label}
        value={props.value}
        onChange={props.onChange}
        maxTagCount="responsive"
        maxTagPlaceholder={(omitted) => (
          <Tooltip
            title={omitted
              .map((o) => options.find((option) => option.value === o.value)?.label ?? '')
              .join(', ')}
          >
            <span>+{omitted.length}</span>
          </Tooltip>
        )}
        style={{ minWidth: Math.max(minWidth, 200), maxWidth: 320 }}
      />
    );
  }
  const chosen = options.find((o) => o.value === props.value)?.label ?? '';
  return (
    <Select<V, TFilterOption<V>>
      {...common}
      value={props.value}
      onChange={props.onChange}
      // The field fits its chosen text ("Todos los estados") instead of a fixed width that cuts it.
      style={{ minWidth, width: `calc(${chosen.length}ch + 56px)`, maxWidth: '100%' }}
    />
  );
}
