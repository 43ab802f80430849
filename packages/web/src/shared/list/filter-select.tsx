import { Select, theme, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

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

type TActiveChoice = 'all' | 'active' | 'inactive';

/**
 * The status filter of a table whose records may be switched off: all, active or inactive. The two
 * words come from the screen, as they agree with its records in some languages (es: activa, activas).
 */
export function ActiveFilter({
  value,
  onChange,
  activeText,
  inactiveText,
}: {
  value: boolean | null;
  onChange: (active: boolean | null) => void;
  activeText: string;
  inactiveText: string;
}) {
  const { t } = useTranslation();
  return (
    <FilterSelect<TActiveChoice>
      label={t('common.filterStatus')}
      value={value === null ? 'all' : value ? 'active' : 'inactive'}
      onChange={(choice) => onChange(choice === 'all' ? null : choice === 'active')}
      options={[
        { value: 'all', label: t('common.statusAll') },
        { value: 'active', label: activeText },
        { value: 'inactive', label: inactiveText },
      ]}
      minWidth={140}
    />
  );
}
