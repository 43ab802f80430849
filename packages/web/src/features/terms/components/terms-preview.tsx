import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { MarkdownText } from '../../../shared/ui/markdown-text.tsx';

/** The live preview of a terms text as readers will see it (Markdown; raw HTML stays text). */
export function TermsPreview({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={title.trim() || t('terms.preview')}
      role="region"
      aria-label={t('terms.preview')}
      styles={{ body: { maxHeight: 560, overflow: 'auto' } }}
      data-testid="terms-preview"
    >
      {text.trim() ? (
        <MarkdownText text={text} testId="terms-preview-body" />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('terms.previewEmpty')} />
      )}
    </Card>
  );
}
