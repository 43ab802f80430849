import { Modal } from 'antd';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';

/**
 * Asks before leaving a screen with unsaved work: a dialog for moves inside the portal, the
 * browser's own question for closing or reloading the tab. `allowNext()` lets one move through
 * (after a save). `text` says what would be lost, in the screen's own words.
 */
export function useLeaveGuard(
  hasUnsavedWork: () => boolean,
  options: { text: string; testId?: string },
): { dialog: ReactNode; allowNext: () => void } {
  const { t } = useTranslation();
  const allowed = useRef(false);
  const check = useRef(hasUnsavedWork);
  useLayoutEffect(() => {
    check.current = hasUnsavedWork;
  });

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !allowed.current && currentLocation.pathname !== nextLocation.pathname && check.current(),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current || !check.current()) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const dialog = (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('common.leaveTitle')}
      okText={t('common.leave')}
      cancelText={t('common.stay')}
      okButtonProps={{ danger: true, ...{ 'data-testid': options.testId ?? 'confirm-leave' } }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {options.text}
    </Modal>
  );

  return {
    dialog,
    allowNext: () => {
      allowed.current = true;
    },
  };
}
