import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { Button, Flex, theme, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { decodesAsPicture, looksLikePicture, PICTURE_TYPES, readFileAsBase64 } from './read-file.ts';
import { pictureUrl } from '../api/picture-url.ts';

/** Largest category picture or company logo the server takes (5 MiB). */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

/**
 * A picture being edited: the stored one (or none) untouched, a new file, or the stored
 * one removed. Only `new` and `removed` travel to the server.
 */
export type TPictureValue =
  | { kind: 'stored'; hash: string | null }
  | { kind: 'new'; base64: string; fileName: string; mimeType: string }
  | { kind: 'removed' };

export type TPictureFieldProps = {
  /** Locale keys `<textKeys>NotImage`, `…TooLarge`, `…Preview`, `…Remove`, `…Replace`, `…Drop`, `…Hint`. */
  textKeys: string;
  /** `<testId>-preview`, `-remove` and `-drop`. */
  testId: string;
  /** Show the stored picture whole instead of its thumbnail. */
  full?: boolean;
  /** Set by Form.Item. */
  value?: TPictureValue;
  onChange?: (value: TPictureValue) => void;
  id?: string;
  /** Whether a picture is stored on the server (removing then sends `null`). */
  hasStored: boolean;
  /** A file was refused: the message to show on the field (null clears it). */
  onProblem: (message: string | null) => void;
};

/** What the preview shows: a new file as a data URL, the stored picture, or nothing. */
function previewSource(value: TPictureValue, full: boolean): string | null {
  switch (value.kind) {
    case 'new':
      return `data:${value.mimeType};base64,${value.base64}`;
    case 'stored':
      return value.hash ? pictureUrl(value.hash, full ? 'full' : 'thumbnail') : null;
    case 'removed':
      return null;
  }
}

/** Drag-and-drop (or click) picture chooser with a preview and a remove button. */
export function PictureField({
  value,
  onChange,
  id,
  hasStored,
  onProblem,
  textKeys,
  testId,
  full = false,
}: TPictureFieldProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const current = value ?? { kind: 'stored', hash: null };
  const preview = previewSource(current, full);

  const choose = async (file: File) => {
    // Checked when dropped, not on save: the type or name first, then whether it decodes.
    if (!looksLikePicture(file) || !(await decodesAsPicture(file))) {
      onProblem(t(`${textKeys}NotImage`));
      return;
    }
    if (file.size > MAX_PICTURE_BYTES) {
      onProblem(t(`${textKeys}TooLarge`));
      return;
    }
    onProblem(null);
    onChange?.({
      kind: 'new',
      base64: await readFileAsBase64(file),
      fileName: file.name,
      mimeType: file.type || 'image/png',
    });
  };

  return (
    <Flex vertical gap={12}>
      {preview ? (
        <Flex align="center" gap={12} wrap>
          <div
            style={{
              width: 160,
              height: 120,
              display: 'grid',
              placeItems: 'center',
              background: token.colorFillTertiary,
              borderRadius: token.borderRadiusLG,
              overflow: 'hidden',
            }}
          >
            <img
              src={preview}
              alt={t(`${textKeys}Preview`)}
              style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
              data-testid={`${testId}-preview`}
            />
          </div>
          <Button
            icon={<DeleteOutlined aria-hidden />}
            onClick={() => {
              onProblem(null);
              onChange?.(hasStored ? { kind: 'removed' } : { kind: 'stored', hash: null });
            }}
            data-testid={`${testId}-remove`}
          >
            {t(`${textKeys}Remove`)}
          </Button>
        </Flex>
      ) : null}
      <Upload.Dragger
        id={id}
        // Every file reaches `choose`, so a document dropped by mistake is named, not silently ignored.
        accept={{ format: PICTURE_TYPES.join(','), filter: 'native' }}
        multiple={false}
        showUploadList={false}
        beforeUpload={(file) => {
          void choose(file);
          return false;
        }}
        data-testid={`${testId}-drop`}
      >
        <Flex vertical align="center" gap={4} style={{ padding: '4px 8px' }}>
          <InboxOutlined aria-hidden style={{ fontSize: 32, color: token.colorPrimary }} />
          <Typography.Text>{preview ? t(`${textKeys}Replace`) : t(`${textKeys}Drop`)}</Typography.Text>
          <Typography.Text type="secondary">{t(`${textKeys}Hint`)}</Typography.Text>
        </Flex>
      </Upload.Dragger>
    </Flex>
  );
}
