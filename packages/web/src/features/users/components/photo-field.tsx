import { DeleteOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/toast/toast-store.ts';
import {
  decodesAsPicture,
  looksLikePicture,
  MAX_PICTURE_BYTES,
  PICTURE_TYPES,
  readFileAsBase64,
} from '../../../shared/ui/read-file.ts';

/** A photo being edited: what to show, and what to send when it changed. */
export type TPhotoValue = { base64: string | null; fileName: string | null; changed: boolean };

type TPhotoFieldProps = { value: TPhotoValue; onChange: (value: TPhotoValue) => void };

/** Shows the user's photo (or the blank default) with choose and remove buttons. */
export function PhotoField({ value, onChange }: TPhotoFieldProps) {
  const { t } = useTranslation();
  const choose = async (file: File) => {
    // Refused when picked, not on save: the type or name first, then whether it decodes.
    if (!looksLikePicture(file) || !(await decodesAsPicture(file))) {
      toast.error(t('users.photoNotImage'));
      return;
    }
    if (file.size > MAX_PICTURE_BYTES) {
      toast.error(t('users.photoTooLarge'));
      return;
    }
    onChange({ base64: await readFileAsBase64(file), fileName: file.name, changed: true });
  };
  return (
    <Flex align="center" gap={16} wrap>
      <Avatar
        size={64}
        src={value.base64 ? `data:image/png;base64,${value.base64}` : undefined}
        icon={value.base64 ? undefined : <UserOutlined aria-hidden />}
        alt={t('user.photo')}
      />
      <Upload
        accept={PICTURE_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          void choose(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />} data-testid="photo-choose">
          {t('users.choosePhoto')}
        </Button>
      </Upload>
      {value.base64 ? (
        <Button
          icon={<DeleteOutlined aria-hidden />}
          onClick={() => onChange({ base64: null, fileName: null, changed: true })}
          data-testid="photo-remove"
        >
          {t('users.removePhoto')}
        </Button>
      ) : null}
    </Flex>
  );
}
