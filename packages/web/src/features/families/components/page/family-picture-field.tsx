import { DeleteOutlined, FileImageOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../shared/toast/toast-store.ts';
import {
  decodesAsPicture,
  looksLikePicture,
  MAX_PICTURE_BYTES,
  PICTURE_TYPES,
  readFileAsBase64,
} from '../../../../shared/ui/read-file.ts';
import type { TPictureValue } from './family-form-model.ts';
import { formatFileSize } from './family-format.ts';
import { pictureUrl } from '../../../../shared/api/picture-url.ts';

export type TFamilyPictureFieldProps = {
  id?: string;
  value?: TPictureValue;
  onChange?: (value: TPictureValue) => void;
  /** The file's own preview (base64 PNG) from an upload, shown when there is no own picture. */
  uploadPreview: string | null;
  /** The family's stored picture (editing). */
  storedHash: string | null;
  /** True when the stored picture is one of the family's own, not the file's preview. */
  storedIsOwn: boolean;
};

/** The family's picture: the file's preview, or one of the person's own (PNG, JPEG, GIF, WebP). */
export function FamilyPictureField({
  id,
  value,
  onChange,
  uploadPreview,
  storedHash,
  storedIsOwn,
}: TFamilyPictureFieldProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const picture = value ?? { base64: null, fileName: null, mimeType: null, changed: false };

  const choose = async (file: File) => {
    if (!looksLikePicture(file) || !(await decodesAsPicture(file))) {
      toast.error(t('families.form.pictureNotImage'));
      return;
    }
    if (file.size > MAX_PICTURE_BYTES) {
      toast.error(
        t('families.form.pictureTooLarge', { size: formatFileSize(MAX_PICTURE_BYTES, i18n.language) }),
      );
      return;
    }
    onChange?.({
      base64: await readFileAsBase64(file),
      fileName: file.name,
      mimeType: file.type || 'image/png',
      changed: true,
    });
  };

  const ownShown = picture.base64 !== null || (!picture.changed && storedIsOwn && storedHash !== null);
  const src = picture.base64
    ? `data:${picture.mimeType ?? 'image/png'};base64,${picture.base64}`
    : !picture.changed && storedIsOwn && storedHash
      ? pictureUrl(storedHash, 'full')
      : uploadPreview
        ? `data:image/png;base64,${uploadPreview}`
        : storedHash && !storedIsOwn
          ? pictureUrl(storedHash, 'full')
          : null;
  const caption = ownShown
    ? t('families.form.ownPicture')
    : src
      ? t('families.form.filePreview')
      : t('families.form.noPreview');

  const frame = {
    width: 160,
    height: 160,
    flex: 'none',
    borderRadius: token.borderRadiusLG,
    border: `1px solid ${token.colorBorderSecondary}`,
    background: token.colorFillQuaternary,
  };

  return (
    <Flex gap={16} wrap align="center">
      {src ? (
        <img
          src={src}
          alt={caption}
          style={{ ...frame, objectFit: 'contain' }}
          data-testid="family-preview"
        />
      ) : (
        <Flex align="center" justify="center" style={frame} data-testid="family-no-preview">
          <FileImageOutlined aria-hidden style={{ fontSize: 40, color: token.colorTextTertiary }} />
        </Flex>
      )}
      <Flex vertical gap={8} align="flex-start">
        <Typography.Text type="secondary">{caption}</Typography.Text>
        <Upload
          id={id}
          accept={PICTURE_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            void choose(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />} data-testid="picture-choose">
            {t('families.form.choosePicture')}
          </Button>
        </Upload>
        {ownShown ? (
          <Button
            icon={<DeleteOutlined aria-hidden />}
            onClick={() => onChange?.({ base64: null, fileName: null, mimeType: null, changed: true })}
            data-testid="picture-remove"
          >
            {t('families.form.removePicture')}
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}
