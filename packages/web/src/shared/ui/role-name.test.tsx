import { BUILTIN_ROLES } from '@portal/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { localeFiles } from '../i18n/locale-files.ts';
import { installBrowserStubs } from '../list/list-test-support.tsx';
import { RoleName, roleDescription, roleLabel, roleOptions } from './role-name.tsx';

describe('role names in words', { timeout: 20_000 }, () => {
  beforeAll(() => {
    initI18n('en');
    installBrowserStubs();
  });
  afterEach(cleanup);

  it('names each built-in role in words with a description, whatever the case of its code', () => {
    const t = i18n.getFixedT('en');
    expect(roleLabel(t, 'adminrole')).toBe('Administrator');
    expect(roleLabel(t, 'PartnerRole')).toBe('Partner');
    expect(roleLabel(t, 'partneruserrole')).toBe('Company user');
    expect(roleLabel(t, 'userrole')).toBe('End user');
    expect(roleDescription(t, 'userrole')).toBe('Finds and downloads the published content.');
  });

  it('shows a role an administrator made by its own name, without a description', () => {
    const t = i18n.getFixedT('en');
    expect(roleLabel(t, 'site-planners')).toBe('site-planners');
    expect(roleDescription(t, 'site-planners')).toBeUndefined();
    expect(roleOptions(t, [{ roleId: 3, roleName: 'site-planners' }])).toEqual([
      { value: 3, label: 'site-planners', title: 'site-planners' },
    ]);
  });

  it('has a name and a description of every built-in role in all six languages', () => {
    for (const language of LANGUAGES) {
      i18n.addResourceBundle(language, 'translation', localeFiles[language], true, false);
      const t = i18n.getFixedT(language);
      for (const role of BUILTIN_ROLES) {
        const name = roleLabel(t, role);
        expect(name, `${language} ${role}`).not.toMatch(/roleNames|role$/);
        expect(roleDescription(t, role)?.length ?? 0, `${language} ${role}`).toBeGreaterThan(10);
      }
    }
  });

  it('renders the name in a tag, and the description below it as text', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <RoleName roleName="partnerrole" />
        <RoleName roleName="adminrole" variant="text" />
      </I18nextProvider>,
    );
    const [tag, text] = screen.getAllByTestId('role-name');
    expect(tag?.textContent).toBe('Partner');
    expect(tag?.dataset.role).toBe('partnerrole');
    expect(text?.textContent).toMatch(/^AdministratorHolds every permission/);
  });
});
