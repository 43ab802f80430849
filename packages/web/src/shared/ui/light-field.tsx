import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

export type TLightFieldProps = {
  /** The input's id: the label points at it and the error is described by `${id}-error`. */
  id: string;
  label: string;
  error?: string | null;
  children: ReactNode;
};

/**
 * A labelled field with its error below, laid out like antd's vertical Form.Item, for the sign-in
 * page, which stays light without antd's form engine.
 */
export function LightField({ id, label, error, children }: TLightFieldProps) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: error ? 8 : 24 }}>
      <label htmlFor={id} style={{ display: 'block', paddingBottom: 8, color: token.colorText }}>
        {label}
      </label>
      {children}
      {error ? (
        <div
          id={`${id}-error`}
          className="ant-form-item-explain-error"
          style={{ color: token.colorError, minHeight: 24, paddingTop: 2 }}
        >
          {error}
        </div>
      ) : null}
    </div>
  );
}

export type TLightParagraphProps = { secondary?: boolean; children: ReactNode; style?: CSSProperties };

/** A paragraph in the theme's text colours, without antd's Typography (and its tooltips). */
export function LightParagraph({ secondary = false, children, style }: TLightParagraphProps) {
  const { token } = theme.useToken();
  return (
    <p
      style={{
        color: secondary ? token.colorTextSecondary : token.colorText,
        marginTop: 0,
        marginBottom: '1em',
        ...style,
      }}
    >
      {children}
    </p>
  );
}
