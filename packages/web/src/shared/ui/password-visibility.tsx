import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';

/** antd's show/hide password icon, named in the reader's language instead of "eye-invisible". */
export function passwordVisibilityIcon(t: TFunction) {
  function PasswordVisibilityIcon(visible: boolean) {
    return visible ? (
      <EyeOutlined aria-label={t('password.hide')} />
    ) : (
      <EyeInvisibleOutlined aria-label={t('password.show')} />
    );
  }
  return PasswordVisibilityIcon;
}
