import { INTERFACE_LANGUAGES, MAX_NOTIFICATION_TITLE_LENGTH } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { mailIn } from '../../lib/mail-text.ts';
import { DECISION_MAIL, decisionNotification, type TDecisionNotice } from './approvals.mails.ts';

const notice: TDecisionNotice = {
  kind: 'change',
  name: 'Fire damper',
  outcome: 'disapproved',
  reason: 'Wrong category',
  comment: 'See the guide',
};

describe('decision notices', () => {
  it('names the family, the decision and the reason in each of the six languages', () => {
    const titles = INTERFACE_LANGUAGES.map((language) => decisionNotification(language, notice).title);
    expect(new Set(titles).size).toBe(INTERFACE_LANGUAGES.length);
    for (const title of titles) {
      expect(title).toContain('Fire damper');
      expect(title).toContain('Wrong category');
    }
    expect(titles[0]).toBe('Your change to "Fire damper" was disapproved: Wrong category');
    expect(decisionNotification('de', notice)).toEqual({
      title: 'Ihre Änderung an „Fire damper“ wurde abgelehnt: Wrong category',
      description: 'Begründung: Wrong category\nKommentar: See the guide',
    });
  });

  it('falls back to English for an unknown language and names the reason only for a disapproval', () => {
    const approved = { ...notice, kind: 'new' as const, outcome: 'approved' as const, comment: null };
    expect(decisionNotification('xx', approved)).toEqual({
      title: 'Your request to add "Fire damper" was approved',
      description: 'Reason: Wrong category',
    });
    expect(decisionNotification('en', { ...approved, reason: null }).description).toBeNull();
  });

  it("cuts a title with a long reason to the notifications' limit", () => {
    const { title, description } = decisionNotification('fr', { ...notice, reason: 'x'.repeat(2000) });
    expect(title.length).toBe(MAX_NOTIFICATION_TITLE_LENGTH);
    expect(title.endsWith('…')).toBe(true);
    expect(description).toContain('x'.repeat(2000));
  });

  it('mails the decision with its notes and link in the recipient language', () => {
    const mail = mailIn(DECISION_MAIL, 'ja', {
      ...notice,
      firstName: 'Aiko',
      link: 'https://p/#/families/7',
    });
    expect(mail.subject).toBe('「Fire damper」の変更申請は却下されました');
    expect(mail.text).toContain('Aiko 様');
    expect(mail.text).toContain('理由：Wrong category');
    expect(mail.text).toContain('https://p/#/families/7');
  });
});
