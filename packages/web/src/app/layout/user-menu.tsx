import {
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  QuestionCircleOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLogout } from '../../features/auth/api/logout.ts';
import { ChangePasswordDialog } from '../../features/auth/components/change-password-dialog.tsx';
import { TwoStepDialog } from '../../features/auth/components/two-step-dialog.tsx';
import { refreshOwnUser } from '../../shared/api/session.ts';
import { useSession } from '../../shared/auth/use-session.ts';
import { roleLabel } from '../../shared/ui/role-name.tsx';

export type TUserMenuProps = { compact?: boolean };

/** The signed-in user's name with "Change password", "Two-step sign-in", "Help" and "Sign out". */
export function UserMenu({ compact = false }: TUserMenuProps) {
  const { t } = useTranslation();
  const { user, claims } = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const [changing, setChanging] = useState(false);
  // The dialog's form is mounted once first asked for, not on every signed-in page's first load.
  const [changeAsked, setChangeAsked] = useState(false);
  const [twoStep, setTwoStep] = useState(false);
  // An administrator whose token says "set up the second factor first" gets the dialog at once.
  const twoStepRequired = claims?.mfaSetup === true;
  const name = user ? `${user.firstName} ${user.lastName}`.trim() || user.login : (claims?.login ?? '');
  const avatar = user?.photoBase64 ? `data:image/png;base64,${user.photoBase64}` : undefined;
  const photoAsked = useRef<string | null>(null);

  // The sign-in answer names the photo without its content: fetch it once per photo.
  useEffect(() => {
    const wanted = user?.photoFileName && !user.photoBase64 ? `${user.id}/${user.photoFileName}` : null;
    if (!wanted || photoAsked.current === wanted) return;
    photoAsked.current = wanted;
    void refreshOwnUser();
  }, [user?.id, user?.photoFileName, user?.photoBase64]);

  const signOut = async () => {
    await logout.mutateAsync();
    await navigate('/auth/login', { replace: true });
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'who',
              disabled: true,
              label: (
                <Flex vertical style={{ maxWidth: 240 }}>
                  <Typography.Text strong ellipsis={{ tooltip: name }}>
                    {name}
                  </Typography.Text>
                  <Typography.Text type="secondary" ellipsis={{ tooltip: user?.email ?? user?.login }}>
                    {user?.email ?? user?.login}
                  </Typography.Text>
                  {user?.roles.length ? (
                    <Typography.Text type="secondary" data-testid="user-menu-roles">
                      {user.roles.map((role) => roleLabel(t, role.roleName)).join(', ')}
                    </Typography.Text>
                  ) : null}
                </Flex>
              ),
            },
            { type: 'divider' },
            { key: 'password', icon: <KeyOutlined />, label: t('header.changePassword') },
            { key: 'twoStep', icon: <SafetyOutlined />, label: t('twoStep.title') },
            { key: 'help', icon: <QuestionCircleOutlined />, label: t('help.title') },
            { key: 'logout', icon: <LogoutOutlined />, label: t('header.signOut'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'password') {
              setChangeAsked(true);
              setChanging(true);
            }
            if (key === 'twoStep') setTwoStep(true);
            if (key === 'help') void navigate('/help');
            if (key === 'logout') void signOut();
          },
        }}
      >
        <Button
          type="text"
          // The name starts with the visible text (the user's name), so voice control finds it.
          aria-label={compact || !name ? t('header.userMenu') : `${name} – ${t('header.userMenu')}`}
          data-testid="user-menu"
          style={{ maxWidth: 260 }}
        >
          <Flex align="center" gap={8} style={{ minWidth: 0 }}>
            <Avatar
              size="small"
              src={avatar}
              icon={avatar ? undefined : <UserOutlined aria-hidden />}
              alt=""
              data-testid="header-avatar"
            />
            {compact ? null : (
              <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 180 }}>
                {name}
              </Typography.Text>
            )}
            <DownOutlined style={{ fontSize: 10 }} />
          </Flex>
        </Button>
      </Dropdown>
      {changeAsked && <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />}
      <TwoStepDialog
        open={twoStep || twoStepRequired}
        required={twoStepRequired}
        onClose={() => setTwoStep(false)}
      />
    </>
  );
}
