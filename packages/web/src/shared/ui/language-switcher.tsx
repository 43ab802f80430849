import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { Button, Popover, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n.ts';
import { LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages.ts';
import { useLanguage } from '../i18n/use-language.ts';

export type TLanguageSwitcherProps = { compact?: boolean };

/**
 * Picks one of the six interface languages; the choice is remembered. A plain list in a popover
 * rather than antd's Dropdown keeps the menu code off the sign-in page.
 */
export function LanguageSwitcher({ compact = false }: TLanguageSwitcherProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const label = t('header.language');
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
      styles={{ container: { padding: 4 } }}
      content={
        <ul aria-label={label} className="portal-language-menu">
          {LANGUAGES.map((lang) => (
            <li key={lang}>
              <button
                type="button"
                aria-pressed={lang === language}
                lang={lang}
                style={{
                  color: token.colorText,
                  background: lang === language ? token.controlItemBgActive : undefined,
                }}
                onClick={() => {
                  setOpen(false);
                  void changeLanguage(lang);
                }}
              >
                <span>{LANGUAGE_NAMES[lang]}</span>
                {lang === language ? <CheckOutlined aria-hidden /> : null}
              </button>
            </li>
          ))}
        </ul>
      }
    >
      <Button
        type="text"
        icon={<GlobalOutlined aria-hidden />}
        // The name starts with what the button shows, so voice control finds it by its text.
        aria-label={compact ? label : `${LANGUAGE_NAMES[language]} – ${label}`}
        aria-expanded={open}
        title={label}
        data-testid="language-switcher"
      >
        {compact ? null : LANGUAGE_NAMES[language]}
      </Button>
    </Popover>
  );
}
