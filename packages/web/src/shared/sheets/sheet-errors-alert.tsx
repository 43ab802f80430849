import { Alert, Table, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSheetErrorRow } from './sheet-errors.ts';

export type TSheetErrorsAlertProps = {
  /** Where the area's texts are (`failed`, `nothingChanged`, `row`, `column`, `reason`). */
  prefix: string;
  rows: TSheetErrorRow[];
  notes: string[];
  /** `<testId>-failed` on the alert, `<testId>-errors` on its table. */
  testId: string;
  /** Given: the alert can be closed. */
  onClose?: () => void;
};

/**
 * A refused import: nothing changed, the notes, and every bad cell by row and column. Below a long
 * grid it would go unseen, so it is brought into view and its heading focused (read out).
 */
export function SheetErrorsAlert({ prefix, rows, notes, testId, onClose }: TSheetErrorsAlertProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    heading.current?.focus({ preventScroll: true });
  }, [rows, notes]);

  return (
    <Alert
      type="error"
      showIcon
      closable={onClose !== undefined}
      onClose={onClose}
      style={{ marginTop: 8 }}
      data-testid={`${testId}-failed`}
      title={
        <h3 ref={heading} tabIndex={-1} style={{ font: 'inherit', margin: 0 }}>
          {t(`${prefix}.failed`)}
        </h3>
      }
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            {t(`${prefix}.nothingChanged`)}
          </Typography.Paragraph>
          {notes.map((note) => (
            <Typography.Paragraph key={note} style={{ marginBottom: 8 }}>
              {note}
            </Typography.Paragraph>
          ))}
          {rows.length > 0 ? (
            <Table<TSheetErrorRow>
              size="small"
              rowKey="key"
              pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
              dataSource={rows}
              // Fixed columns wrap long reasons, so a phone needs no sideways scroll here.
              tableLayout="fixed"
              data-testid={`${testId}-errors`}
              columns={[
                { key: 'row', dataIndex: 'row', title: t(`${prefix}.row`), width: 64 },
                { key: 'column', dataIndex: 'column', title: t(`${prefix}.column`) },
                { key: 'reason', dataIndex: 'reason', title: t(`${prefix}.reason`) },
              ]}
            />
          ) : null}
        </>
      }
    />
  );
}
