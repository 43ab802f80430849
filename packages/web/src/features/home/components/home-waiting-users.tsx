import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/list/list-dates.ts';
import { useWaitingUsers } from '../api/find-waiting-users.ts';
import { HomeCard, HomeItem, HomeItemList } from './home-card.tsx';

/** The users screen with the inactive accounts (those waiting for approval), as the sign-up notice links it. */
function waitingUsersPath(login?: string): string {
  const params = new URLSearchParams({ active: 'false' });
  if (login) params.set('q', login);
  return `/users?${params.toString()}`;
}

/** Admins: how many accounts wait for approval and the newest of them. */
export function HomeWaitingUsers() {
  const { t } = useTranslation();
  const query = useWaitingUsers(5);
  const users = query.data?.userInfos ?? [];
  return (
    <HomeCard
      title={t('home.waitingUsersTitle')}
      icon={<UserAddOutlined />}
      testId="home-waiting-users"
      query={query}
      count={query.data?.totalCount}
      countLabel={t('home.waitingUsersCount')}
      empty={users.length === 0}
      emptyText={t('home.waitingUsersEmpty')}
      links={[
        { to: waitingUsersPath(), label: t('home.waitingUsersLink'), testId: 'home-waiting-users-link' },
      ]}
    >
      <HomeItemList label={t('home.waitingUsersTitle')}>
        {users.map((user) => (
          <HomeItem
            key={user.id}
            to={waitingUsersPath(user.login)}
            title={`${user.firstName} ${user.lastName}`.trim() || user.login}
            meta={[
              user.login,
              user.companyName ?? user.company?.companyName,
              t('home.joined', { date: formatDateTime(user.joinDate, t('common.never'), 'll') }),
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        ))}
      </HomeItemList>
    </HomeCard>
  );
}
