import { ZGenericListInput } from '@portal/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n.ts';
import { installBrowserStubs } from '../list/list-test-support.tsx';
import { HeaderText } from './header-fields.tsx';

const schema = ZGenericListInput.shape.listCode;

function renderCode(value: string, readOnly = false) {
  return render(
    <HeaderText
      id="list-code"
      label="Code"
      value={value}
      schema={schema}
      readOnly={readOnly}
      onChange={() => {}}
    />,
  );
}

describe('HeaderText', () => {
  beforeAll(() => {
    installBrowserStubs();
    initI18n('en');
  });
  afterEach(cleanup);

  it('bounds the input by the schema maximum and counts against it', () => {
    renderCode('abc');
    expect(screen.getByTestId('list-code').getAttribute('maxlength')).toBe('50');
    expect(screen.getByText('3 / 50')).toBeTruthy();
    expect(screen.queryByText('Maximum field length: 50')).toBeNull();
  });

  it('says the maximum field length once the value reaches it', () => {
    renderCode('x'.repeat(50));
    expect(screen.getByText('Maximum field length: 50')).toBeTruthy();
  });

  it('shows neither counter nor note when read-only', () => {
    renderCode('x'.repeat(50), true);
    expect(screen.queryByText('50 / 50')).toBeNull();
    expect(screen.queryByText('Maximum field length: 50')).toBeNull();
  });
});
