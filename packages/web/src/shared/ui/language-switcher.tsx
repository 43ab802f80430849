import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n.ts';
import { LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages.ts';
import { useLanguage } from '../i18n/use-language.ts';

export type TLanguageSwitcherProps = { compact?: boolean };

/**
 * Picks one of the six interface languages; the choice is remembered. A button that shows a list
 * (a disclosure) rather than antd's Dropdown or Popover keeps menu and tooltip code off the
 * sign-in page.
 */
export function LanguageSwitcher({ compact = false }: TLanguageSwitcherProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();
  const label = t('header.language');

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={root} style={{ position: 'relative', display: 'inline-block' }}>
      <Button
        type="text"
        icon={<GlobalOutlined aria-hidden />}
        // The name starts with what the button shows, so voice control finds it by its text.
        aria-label={compact ? label : `${LANGUAGE_NAMES[language]} – ${label}`}
        aria-expanded={open}
        aria-controls={listId}
        title={label}
        data-testid="language-switcher"
        onClick={() => setOpen((current) => !current)}
      >
        {compact ? null : LANGUAGE_NAMES[language]}
      </Button>
      {open ? (
        <ul
          id={listId}
          aria-label={label}
          className="portal-language-menu"
          style={{
            background: token.colorBgElevated,
            boxShadow: token.boxShadowSecondary,
            borderRadius: token.borderRadiusLG,
          }}
        >
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
      ) : null}
    </div>
  );
}
