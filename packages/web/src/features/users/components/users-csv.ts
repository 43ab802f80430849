import type { TUser } from '@portal/contract';
import type { TFunction } from 'i18next';
import { isNeverDate } from '../../../shared/list/list-dates.ts';
import type { TCsvColumn } from '../../../shared/list/list-export.ts';
import { roleLabel } from '../../../shared/ui/role-name.tsx';

/** Columns of the users export, headed in the reader's language; "never" dates stay empty. */
export function userCsvColumns(t: TFunction): TCsvColumn<TUser>[] {
  return [
    { header: t('user.login'), value: (u) => u.login },
    { header: t('user.firstName'), value: (u) => u.firstName },
    { header: t('user.lastName'), value: (u) => u.lastName },
    { header: t('user.email'), value: (u) => u.email },
    { header: t('user.phone'), value: (u) => u.phone },
    { header: t('user.company'), value: (u) => u.company?.companyName || u.companyName },
    { header: t('user.roles'), value: (u) => u.roles.map((r) => roleLabel(t, r.roleName)).join(', ') },
    { header: t('user.active'), value: (u) => u.active },
    { header: t('user.lastLogin'), value: (u) => (isNeverDate(u.lastLogin) ? '' : u.lastLogin) },
    { header: t('user.joinDate'), value: (u) => u.joinDate },
  ];
}
