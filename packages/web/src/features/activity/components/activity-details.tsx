import type { TActivityInfo } from '@portal/contract';
import { Button, Descriptions, Drawer, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangeTable, DetailList } from '../../../shared/activity/activity-changes.tsx';
import { kindLabel } from '../../../shared/activity/activity-kinds.ts';
import { NO_VALUE } from '../../../shared/activity/activity-values.ts';
import { formatDateTime } from '../../../shared/list/list-dates.ts';
import { KindText } from '../../../shared/activity/kind-text.tsx';
import { recordText } from './activity-columns.tsx';
import { useScreens } from '../../../shared/theme/use-min-width.ts';

/** One activity row in full: who, when, where from, the change as before/after and the detail. */
export function ActivityDetails({ row, onClose }: { row: TActivityInfo | null; onClose: () => void }) {
  const { t } = useTranslation();
  const narrow = useScreens().sm === false;
  const when = row ? formatDateTime(row.at, NO_VALUE, 'L LTS') : '';
  const changes = row?.changes && Object.keys(row.changes).length > 0 ? row.changes : null;
  const detail = row?.detail && Object.keys(row.detail).length > 0 ? row.detail : null;
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      title={row ? kindLabel(t, row.kind) : ''}
      size={narrow ? '100%' : 640}
      destroyOnHidden
      footer={
        <Flex justify="flex-end">
          <Button onClick={onClose}>{t('common.close')}</Button>
        </Flex>
      }
    >
      {row ? (
        // Focusable, so a keyboard can scroll a long change on a phone (the drawer body has no control).
        <Flex
          vertical
          gap={16}
          role="region"
          aria-label={kindLabel(t, row.kind)}
          tabIndex={0}
          data-testid="activity-details"
        >
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'at', label: t('activity.at'), children: when },
              { key: 'kind', label: t('activity.kind'), children: <KindText kind={row.kind} /> },
              { key: 'user', label: t('activity.user'), children: row.userLogin ?? t('activity.system') },
              { key: 'company', label: t('activity.company'), children: row.companyName ?? NO_VALUE },
              { key: 'record', label: t('activity.record'), children: recordText(t, row) },
              { key: 'ip', label: t('activity.ip'), children: row.ip ?? NO_VALUE },
            ]}
          />
          <section>
            <Typography.Title level={3} style={{ fontSize: 15 }}>
              {t('activity.changes')}
            </Typography.Title>
            {changes ? (
              <ChangeTable
                changes={changes}
                recordType={row.recordType}
                caption={t('activity.changesOf', {
                  what: kindLabel(t, row.kind),
                  name: recordText(t, row),
                  when,
                })}
              />
            ) : (
              <Typography.Text type="secondary">{t('activity.noChanges')}</Typography.Text>
            )}
          </section>
          {detail ? (
            <section>
              <Typography.Title level={3} style={{ fontSize: 15 }}>
                {t('activity.detail')}
              </Typography.Title>
              <DetailList detail={detail} />
            </section>
          ) : null}
        </Flex>
      ) : null}
    </Drawer>
  );
}
