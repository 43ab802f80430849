import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApprovalDecisionForm } from '../approvals/approval-decision-form.tsx';
import { initI18n } from '../i18n/i18n.ts';
import { installBrowserStubs } from '../list/list-test-support.tsx';
import { NewPasswordField } from './new-password-input.tsx';

const RULE = 'At least 10 characters with a lowercase letter, an uppercase letter, a digit and a symbol.';

/** The elements an input's `aria-describedby` names, by their text. */
function descriptions(input: HTMLElement): string[] {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(missing ${id})`);
}

// Hints are plain lines, not antd's `extra`, which measures itself in a layout effect (issue 27).
describe('field hints without antd extra', () => {
  beforeAll(() => {
    installBrowserStubs();
    initI18n('en');
  });
  afterEach(cleanup);

  it('shows the password rule under a new password and links it, then the error beside it', async () => {
    const { container } = render(
      <Form onFinish={() => undefined}>
        <NewPasswordField name="newPassword" label="New password" />
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    expect(container.querySelector('.ant-form-item-extra')).toBeNull();
    const input = screen.getByLabelText('New password');
    expect(descriptions(input)).toEqual([RULE]);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptions(input)).toHaveLength(2);
    expect(descriptions(input)[1]).toBe(RULE);
  });

  it('links the reason hint of a decision to its field', () => {
    const { container } = render(
      <ApprovalDecisionForm actions={['a', 'd']} deciding={false} onDecide={async () => true} />,
    );
    expect(container.querySelector('.ant-form-item-extra')).toBeNull();
    expect(descriptions(screen.getByTestId('approval-reason'))).toEqual([
      'Required to disapprove; the partner reads it.',
    ]);
  });
});
