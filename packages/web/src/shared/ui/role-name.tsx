import { builtinRoleOf } from '@portal/contract';
import { Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * A role in words: a built-in role (adminrole, partnerrole, ...) by its translated name
 * (`roleNames.<code>.name`), a role an administrator made by its own stored name.
 */
export function roleLabel(t: TFunction, roleName: string): string {
  const builtin = builtinRoleOf(roleName);
  return builtin ? t(`roleNames.${builtin}.name`) : roleName;
}

/** The one-line description of a built-in role; undefined for a role an administrator made. */
export function roleDescription(t: TFunction, roleName: string): string | undefined {
  const builtin = builtinRoleOf(roleName);
  return builtin ? t(`roleNames.${builtin}.description`) : undefined;
}

/** Options of a role picker: each role in words, its description beside it, searchable by both. */
export function roleOptions(
  t: TFunction,
  roles: ReadonlyArray<{ roleId: number; roleName: string }>,
): Array<{ value: number; label: string; title: string }> {
  return roles.map((role) => {
    const label = roleLabel(t, role.roleName);
    const description = roleDescription(t, role.roleName);
    return { value: role.roleId, label, title: description ? `${label}: ${description}` : label };
  });
}

type TRoleNameProps = {
  roleName: string;
  /** `tag`: a tag whose description shows on hover and focus; `text`: the name, the description below. */
  variant?: 'tag' | 'text';
};

/** A role shown in words wherever one appears (lists, forms, the account). */
export function RoleName({ roleName, variant = 'tag' }: TRoleNameProps) {
  const { t } = useTranslation();
  const label = roleLabel(t, roleName);
  const description = roleDescription(t, roleName);
  if (variant === 'text') {
    return (
      <span data-testid="role-name" data-role={roleName}>
        <Typography.Text>{label}</Typography.Text>
        {description ? (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {description}
          </Typography.Text>
        ) : null}
      </span>
    );
  }
  const tag = (
    <Tag style={{ marginInlineEnd: 0 }} data-testid="role-name" data-role={roleName}>
      {label}
    </Tag>
  );
  return description ? <Tooltip title={description}>{tag}</Tooltip> : tag;
}
