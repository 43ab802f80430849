import { AuditOutlined, InboxOutlined } from '@ant-design/icons';
import type { TApprovalRequest } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { recordPath } from '../../../shared/approvals/record-path.ts';
import { useOldestRequests } from '../api/find-open-requests.ts';
import { HomeCard, HomeItem, HomeItemList } from './home-card.tsx';

function RequestItems({ requests, label }: { requests: readonly TApprovalRequest[]; label: string }) {
  const { t } = useTranslation();
  return (
    <HomeItemList label={label}>
      {requests.map((request) => (
        <HomeItem
          key={`${request.recordKind}:${request.id}`}
          to={recordPath(request.recordKind, request.id)}
          title={request.name}
          meta={[
            t(`approvals.recordKind.${request.recordKind}`),
            t(`approvals.kind.${request.kind}`),
            request.companyName,
            t('home.waitingDays', { count: request.ageDays }),
          ]
            .filter(Boolean)
            .join(' · ')}
        />
      ))}
    </HomeItemList>
  );
}

/** Partners: how many of their requests wait for an administrator, with the inbox and the decided ones. */
export function HomeOpenRequests() {
  const { t } = useTranslation();
  const query = useOldestRequests(3);
  const requests = query.data?.approvalInfos ?? [];
  return (
    <HomeCard
      title={t('home.openRequestsTitle')}
      icon={<InboxOutlined />}
      testId="home-open-requests"
      query={query}
      count={query.data?.totalCount}
      countLabel={t('home.openRequestsCount')}
      empty={requests.length === 0}
      emptyText={t('home.openRequestsEmpty')}
      links={[
        { to: '/approvals', label: t('home.openRequestsLink'), testId: 'home-open-requests-link' },
        { to: '/approvals?view=decided', label: t('home.decidedLink'), testId: 'home-decided-link' },
      ]}
    >
      <RequestItems requests={requests} label={t('home.openRequestsTitle')} />
    </HomeCard>
  );
}

/** Admins: how many requests wait for a decision and the longest waiting, with the inbox. */
export function HomePendingApprovals() {
  const { t } = useTranslation();
  const query = useOldestRequests(5);
  const requests = query.data?.approvalInfos ?? [];
  return (
    <HomeCard
      title={t('home.pendingTitle')}
      icon={<AuditOutlined />}
      testId="home-pending-approvals"
      query={query}
      count={query.data?.totalCount}
      countLabel={t('home.pendingCount')}
      empty={requests.length === 0}
      emptyText={t('home.pendingEmpty')}
      links={[{ to: '/approvals', label: t('home.pendingLink'), testId: 'home-pending-link' }]}
    >
      <RequestItems requests={requests} label={t('home.pendingTitle')} />
    </HomeCard>
  );
}
