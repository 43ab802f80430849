import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n.ts';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages.ts';
import { useLanguage } from '../i18n/use-language.ts';

export type TLanguageSwitcherProps = { compact?: boolean };

/** Picks one of the six interface languages; the choice is remembered. */
export function LanguageSwitcher({ compact = false }: TLanguageSwitcherProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lang) => ({
          key: lang,
          label: <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>,
        })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void changeLanguage(key);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('header.language')}
        title={t('header.language')}
        data-testid="language-switcher"
      >
        {compact ? null : LANGUAGE_NAMES[language]}
      </Button>
    </Dropdown>
  );
}
