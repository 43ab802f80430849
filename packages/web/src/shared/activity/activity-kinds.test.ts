import { ACTIVITY_EVENT_KINDS, ACTIVITY_RECORD_TYPES, TIF_ACTIONS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n.ts';
import { localeFiles } from '../i18n/locale-files.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import {
  ACTIVITY_KIND_GROUP_NAMES,
  ACTIVITY_KIND_GROUPS,
  eventKindKey,
  kindLabel,
  kindsOfGroups,
  recordKindParts,
  recordTypeLabel,
  REQUEST_STEPS,
  workflowKindParts,
} from './activity-kinds.ts';

describe('activity kind groups', () => {
  it('puts every event kind and every record create, update and delete in exactly one group', () => {
    const all = ACTIVITY_KIND_GROUP_NAMES.flatMap((group) => [...ACTIVITY_KIND_GROUPS[group]]);
    const recordKinds = ACTIVITY_RECORD_TYPES.flatMap((type) =>
      ['create', 'update', 'delete'].map((action) => `${type}.${action}`),
    );
    const workflowKinds = all.filter((kind) => workflowKindParts(kind) !== null);
    expect(workflowKinds).toEqual([...ACTIVITY_KIND_GROUPS.approvals]);
    expect([...all].sort()).toEqual([...ACTIVITY_EVENT_KINDS, ...recordKinds, ...workflowKinds].sort());
    expect(new Set(all).size).toBe(all.length);
  });

  it('sends the kinds of the chosen groups, each once', () => {
    expect(kindsOfGroups(['downloads', 'uploads', 'downloads'])).toEqual([
      'family.download',
      'family.upload',
    ]);
    const changed = kindsOfGroups(['changed']);
    expect(changed).toContain('category.update');
    expect(changed).toContain('family.update');
    expect(changed).toHaveLength(ACTIVITY_RECORD_TYPES.length);
    // The contract caps a find's kinds at 100.
    for (const group of ACTIVITY_KIND_GROUP_NAMES)
      expect(kindsOfGroups([group]).length).toBeLessThanOrEqual(100);
    expect(kindsOfGroups(['approvals'])).toContain('family.action.a');
    expect(kindsOfGroups(['approvals'])).toContain('scenario.request.RfC');
  });

  it('tells record kinds from event kinds that share a prefix', () => {
    expect(recordKindParts('category.update')).toEqual({ type: 'category', action: 'update' });
    expect(recordKindParts('placementRule.delete')).toEqual({ type: 'placementRule', action: 'delete' });
    expect(recordKindParts('family.download')).toBeNull();
    expect(recordKindParts('priceList.import')).toBeNull();
    expect(recordKindParts('widget.update')).toBeNull();
    expect(recordKindParts('login')).toBeNull();
    expect(recordKindParts('family.action.a')).toBeNull();
    expect(workflowKindParts('family.action.a')).toEqual({ type: 'family', stage: 'action', step: 'a' });
    expect(workflowKindParts('placementRule.request.RfC')).toEqual({
      type: 'placementRule',
      stage: 'request',
      step: 'RfC',
    });
    expect(workflowKindParts('category.update')).toBeNull();
  });
});

describe('kind labels', () => {
  beforeAll(() => {
    initI18n('en');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('says kinds and record types in words, not codes', async () => {
    await i18n.changeLanguage('en');
    expect(kindLabel(i18n.t, 'category.update')).toBe('Category changed');
    expect(kindLabel(i18n.t, 'family.create')).toBe('Family created');
    expect(kindLabel(i18n.t, 'login.failed')).toBe('Failed sign-in');
    expect(kindLabel(i18n.t, 'password.reset-requested')).toBe('Password reset requested');
    expect(kindLabel(i18n.t, 'family.download')).toBe('Family download');
    expect(recordTypeLabel(i18n.t, 'placementRule')).toBe('Placement rule');
    expect(kindLabel(i18n.t, 'family.action.a')).toBe('Family: approved');
    expect(kindLabel(i18n.t, 'scenario.request.RfC')).toBe('Scenario: change requested');
  });

  it('follows the interface language', async () => {
    await i18n.changeLanguage('de');
    expect(kindLabel(i18n.t, 'category.update')).toBe('Kategorie geändert');
    expect(kindLabel(i18n.t, 'login')).toBe('Anmeldung');
    await i18n.changeLanguage('fr');
    expect(kindLabel(i18n.t, 'family.delete')).toBe('Famille : suppression');
    await i18n.changeLanguage('zh');
    expect(kindLabel(i18n.t, 'category.update')).toBe('修改类别');
  });

  it('shows a kind or type a newer server sends as it is, never a key', async () => {
    await i18n.changeLanguage('en');
    expect(kindLabel(i18n.t, 'report.generated')).toBe('report.generated');
    expect(recordTypeLabel(i18n.t, 'widget')).toBe('widget');
    expect(recordTypeLabel(i18n.t, null)).toBe('');
  });

  it.each(LANGUAGES)('%s translates every kind, group and record type', (language) => {
    const activity = (localeFiles[language] as { activity?: Record<string, Record<string, string>> })
      .activity;
    for (const kind of ACTIVITY_EVENT_KINDS) {
      expect([kind, typeof activity?.kinds?.[eventKindKey(kind).replace('activity.kinds.', '')]]).toEqual([
        kind,
        'string',
      ]);
    }
    for (const group of ACTIVITY_KIND_GROUP_NAMES) expect(typeof activity?.groups?.[group]).toBe('string');
    for (const type of ACTIVITY_RECORD_TYPES) expect(typeof activity?.recordTypes?.[type]).toBe('string');
    for (const step of REQUEST_STEPS) expect(typeof activity?.requests?.[step]).toBe('string');
    for (const action of TIF_ACTIONS) expect(typeof activity?.decisions?.[action]).toBe('string');
  });
});
