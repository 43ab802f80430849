import { CloseOutlined, InboxOutlined } from '@ant-design/icons';
import { MAX_FAMILY_FILE_BYTES } from '@portal/contract';
import { Button, Flex, Progress, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TFamilyUploadAnswer, uploadErrorText, uploadFamilyFile } from '../../api/upload-family.ts';
import { formatFileSize } from './family-format.ts';

type TUploading = { fileName: string; loaded: number; total: number };

export type TRfaUploadFieldProps = {
  id?: string;
  /** The upload the server answered (set by the form). */
  value?: TFamilyUploadAnswer | null;
  onChange?: (value: TFamilyUploadAnswer | null) => void;
  /** The file the family already has (editing), shown until another is uploaded. */
  stored?: { fileName: string; size: number | null; revitVersion: string | null } | null;
  onUploaded: (upload: TFamilyUploadAnswer) => void;
  /** A refused file (not a family, too large, ...): the message for the field. */
  onFailed: (message: string | null) => void;
  onBusyChange?: (busy: boolean) => void;
};

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Drag-and-drop (or pick) of one .rfa that is streamed to the server at once, with a progress bar
 * and a cancel button; the server's reading of the file comes back through `onUploaded`.
 */
export function RfaUploadField({
  id,
  value,
  onChange,
  stored,
  onUploaded,
  onFailed,
  onBusyChange,
}: TRfaUploadFieldProps) {
  const { t, i18n } = useTranslation();
  const [uploading, setUploading] = useState<TUploading | null>(null);
  const abort = useRef<AbortController | null>(null);

  // Leaving the editor ends a running upload; the server drops the half-received file.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async (file: File) => {
    if (!/\.rfa$/i.test(file.name)) {
      onFailed(t('families.form.notRfa', { fileName: file.name }));
      return;
    }
    if (file.size > MAX_FAMILY_FILE_BYTES) {
      onFailed(
        t('families.form.fileTooLarge', { size: formatFileSize(MAX_FAMILY_FILE_BYTES, i18n.language) }),
      );
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    onFailed(null);
    setUploading({ fileName: file.name, loaded: 0, total: file.size });
    onBusyChange?.(true);
    try {
      const answer = await uploadFamilyFile(file, {
        signal: controller.signal,
        onProgress: ({ loaded, total }) => setUploading({ fileName: file.name, loaded, total }),
      });
      onChange?.(answer);
      onUploaded(answer);
    } catch (error) {
      if (!isAbort(error)) onFailed(uploadErrorText(error, file.name));
    } finally {
      if (abort.current === controller) {
        abort.current = null;
        setUploading(null);
        onBusyChange?.(false);
      }
    }
  };

  const percent =
    uploading && uploading.total > 0 ? Math.floor((uploading.loaded / uploading.total) * 100) : 0;
  const shown = value
    ? {
        fileName: value.fileName,
        size: value.size,
        revitVersion: value.contents.revitVersion,
      }
    : (stored ?? null);

  return (
    <Flex vertical gap={12}>
      <Upload.Dragger
        id={id}
        accept=".rfa"
        multiple={false}
        showUploadList={false}
        disabled={uploading !== null}
        beforeUpload={(file) => {
          void start(file);
          return Upload.LIST_IGNORE;
        }}
        data-testid="rfa-dragger"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">
          {shown ? t('families.form.dropReplace') : t('families.form.dropFile')}
        </p>
        <p className="ant-upload-hint">
          {t('families.form.dropHint', { size: formatFileSize(MAX_FAMILY_FILE_BYTES, i18n.language) })}
        </p>
      </Upload.Dragger>
      {uploading ? (
        <Flex align="center" gap={12} data-testid="rfa-uploading">
          <div style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text ellipsis={{ tooltip: uploading.fileName }} style={{ display: 'block' }}>
              {t('families.form.uploading', {
                fileName: uploading.fileName,
                loaded: formatFileSize(uploading.loaded, i18n.language),
                total: formatFileSize(uploading.total, i18n.language),
              })}
            </Typography.Text>
            <Progress
              percent={percent}
              status="active"
              aria-label={t('families.form.uploadProgress', { fileName: uploading.fileName })}
              data-testid="rfa-progress"
            />
          </div>
          <Button
            icon={<CloseOutlined aria-hidden />}
            onClick={() => abort.current?.abort()}
            data-testid="rfa-cancel"
          >
            {t('families.form.cancelUpload')}
          </Button>
        </Flex>
      ) : shown ? (
        <Flex vertical gap={4} data-testid="rfa-file">
          <Typography.Text style={{ wordBreak: 'break-all' }}>
            {value ? t('families.form.uploaded') : t('families.form.storedFile')}{' '}
            <Typography.Text strong>{shown.fileName}</Typography.Text>
            {shown.size === null ? null : ` (${formatFileSize(shown.size, i18n.language)})`}
            {value ? ` · ${t('families.form.typesRead', { count: value.contents.types.length })}` : null}
          </Typography.Text>
          <Typography.Text>
            <Typography.Text type="secondary">{t('families.fields.revitVersion')}</Typography.Text>{' '}
            <Typography.Text strong data-testid="family-revit-version">
              {shown.revitVersion ?? '–'}
            </Typography.Text>
          </Typography.Text>
        </Flex>
      ) : null}
    </Flex>
  );
}
