/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TIF_ACTIONS, TIF_STATUSES, type TTifAction, type TTifStatus } from './tif.ts';
import {
  TIF_EFFECTS,
  TIF_REQUEST_KINDS,
  tifActionsFor,
  tifRequest,
  tifTransition,
  type TTifEffect,
  type TTifItemState,
  type TTifRequestOutcome,
} from './transitions.ts';

/**
 * The lead's table written out again by hand, one string per status and copy mark, cells in the
 * order a d c i r DUP RES; `-` is refused. Deliberately not derived from the implementation.
 */
const EXPECTED: Record<`${TTifStatus}/${'copy' | 'original'}`, string> = {
  'RfA/original': 'publish disapprove change drop remove - -',
  'RfA/copy': '- - - - - - -',
  'RfC/original': '- - - - - - -',
  'RfC/copy': 'applyToOriginal disapprove change drop remove duplicate -',
  'RfR/original': '- - - - - - -',
  'RfR/copy': 'removeOriginal disapprove - drop - - -',
  'RfD/original': '- - - - - - -',
  'RfD/copy': 'withdrawOriginal disapprove - drop - - -',
  'P/original': 'publish disapprove change drop remove - -',
  'P/copy': 'applyToOriginal disapprove change drop remove duplicate -',
  'A/original': '- disapprove - - remove - -',
  'A/copy': '- - - - - - -',
  'D/original': '- - - - - - restore',
  'D/copy': '- - - drop - - -',
};

/** The acted-on item's status after each effect (null: deleted), from the effect descriptions. */
const EXPECTED_STATUS: Record<TTifEffect, TTifStatus | null> = {
  publish: 'A',
  applyToOriginal: null,
  removeOriginal: null,
  withdrawOriginal: null,
  disapprove: 'D',
  change: 'P',
  drop: null,
  remove: 'D',
  duplicate: 'A',
  restore: 'A',
};

const STATES: TTifItemState[] = TIF_STATUSES.flatMap((status) => [
  { status, isCopy: false },
  { status, isCopy: true },
]);

function expectedCell(item: TTifItemState, action: TTifAction): string {
  const cells = EXPECTED[`${item.status}/${item.isCopy ? 'copy' : 'original'}`].split(' ');
  return cells[TIF_ACTIONS.indexOf(action)] ?? 'missing';
}

function cellOf(item: TTifItemState, action: TTifAction): string {
  const result = tifTransition(item, action);
  return result.allowed ? result.effect : '-';
}

const PAIRS = STATES.flatMap((item) => TIF_ACTIONS.map((action) => [item, action] as const));

describe('tifTransition', () => {
  it('covers all 98 pairs of status, copy mark and action', () => {
    expect(PAIRS).toHaveLength(98);
  });

  it.each(PAIRS)('answers %o with action %s as the lead table says', (item, action) => {
    const expected = expectedCell(item, action);
    const result = tifTransition(item, action);
    if (expected === '-') {
      expect(result).toEqual({ allowed: false });
    } else {
      expect(result).toEqual({
        allowed: true,
        effect: expected,
        status: EXPECTED_STATUS[expected as TTifEffect],
      });
    }
  });

  it('uses every effect somewhere and nothing outside TIF_EFFECTS', () => {
    const used = new Set(PAIRS.map(([item, action]) => cellOf(item, action)).filter((c) => c !== '-'));
    expect([...used].sort()).toEqual([...TIF_EFFECTS].sort());
  });

  it('refuses every action on an item whose status does not fit its copy mark', () => {
    const inconsistent: TTifItemState[] = [
      { status: 'RfA', isCopy: true },
      { status: 'RfC', isCopy: false },
      { status: 'RfR', isCopy: false },
      { status: 'RfD', isCopy: false },
      { status: 'A', isCopy: true },
    ];
    for (const item of inconsistent) expect(tifActionsFor(item)).toEqual([]);
  });
});

describe('tifActionsFor', () => {
  it.each(STATES)('lists exactly the allowed actions of %o, in TIF_ACTIONS order', (item) => {
    expect(tifActionsFor(item)).toEqual(TIF_ACTIONS.filter((a) => expectedCell(item, a) !== '-'));
  });

  it('gives the buttons of a change request and of a published item', () => {
    expect(tifActionsFor({ status: 'RfC', isCopy: true })).toEqual(['a', 'd', 'c', 'i', 'r', 'DUP']);
    expect(tifActionsFor({ status: 'A', isCopy: false })).toEqual(['d', 'r']);
    expect(tifActionsFor({ status: 'D', isCopy: false })).toEqual(['RES']);
  });
});

/** Requests by hand: `${kind}/${status}/${hasPendingCopy}` -> outcome, for every existing target. */
function expectedRequest(
  kind: 'update' | 'delete' | 'withdraw',
  status: TTifStatus,
  hasPendingCopy: boolean,
): TTifRequestOutcome {
  const copyStatus = { update: 'RfC', delete: 'RfR', withdraw: 'RfD' } as const;
  if (status === 'A') {
    return hasPendingCopy
      ? { outcome: 'refused', reason: 'pending' }
      : { outcome: 'createCopy', status: copyStatus[kind] };
  }
  const literal: Record<typeof kind, Partial<Record<TTifStatus, TTifRequestOutcome>>> = {
    update: {
      RfA: { outcome: 'editInPlace', status: 'RfA' },
      RfC: { outcome: 'editInPlace', status: 'RfC' },
      P: { outcome: 'editInPlace', status: 'P' },
    },
    delete: {
      RfA: { outcome: 'dropRequest' },
      RfC: { outcome: 'dropRequest' },
      RfR: { outcome: 'dropRequest' },
      RfD: { outcome: 'dropRequest' },
      P: { outcome: 'dropRequest' },
    },
    withdraw: {},
  };
  return literal[kind][status] ?? { outcome: 'refused', reason: 'refused' };
}

const REQUEST_CASES = TIF_REQUEST_KINDS.flatMap((kind) =>
  TIF_STATUSES.flatMap((status) =>
    [false, true].map((hasPendingCopy) => [kind, status, hasPendingCopy] as const),
  ),
);

describe('tifRequest', () => {
  it.each(REQUEST_CASES)('answers %s on %s (pending copy: %s)', (kind, status, hasPendingCopy) => {
    const result = tifRequest(kind, { status, hasPendingCopy });
    if (kind === 'create') expect(result).toEqual({ outcome: 'createItem', status: 'RfA' });
    else expect(result).toEqual(expectedRequest(kind, status, hasPendingCopy));
  });

  it('creates without a target and refuses the other kinds without one', () => {
    expect(tifRequest('create', null)).toEqual({ outcome: 'createItem', status: 'RfA' });
    for (const kind of ['update', 'delete', 'withdraw'] as const) {
      expect(tifRequest(kind, null)).toEqual({ outcome: 'refused', reason: 'refused' });
    }
  });
});

/** The rows of the markdown table whose header row starts with `firstHeader`, cells trimmed. */
function markdownTable(markdown: string, firstHeader: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.replace(/\s+/g, ' ').startsWith(`| ${firstHeader} |`));
  if (start < 0) throw new Error(`no table starting with "${firstHeader}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, line.lastIndexOf('|'))
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  // Drop the header and the |---| separator.
  return rows.slice(2);
}

const doc = readFileSync(new URL('../../../../docs/workflow.md', import.meta.url), 'utf8');

describe('docs/workflow.md', () => {
  it('shows the admin table that tifTransition implements, every pair', () => {
    const labels: Record<string, TTifItemState> = {
      'RfA (new)': { status: 'RfA', isCopy: false },
      'RfC (copy)': { status: 'RfC', isCopy: true },
      'RfR (copy)': { status: 'RfR', isCopy: true },
      'RfD (copy)': { status: 'RfD', isCopy: true },
      'P, copy': { status: 'P', isCopy: true },
      'P, not a copy': { status: 'P', isCopy: false },
      'A (not a copy)': { status: 'A', isCopy: false },
      'D (not a copy)': { status: 'D', isCopy: false },
      'D (copy)': { status: 'D', isCopy: true },
    };
    const header = markdownTable(doc, 'status (isCopy)');
    const documented = new Map<string, string>();
    for (const [label = '', ...cells] of header) {
      const item = labels[label];
      expect(item, `unknown row "${label}"`).toBeDefined();
      if (!item) continue;
      expect(cells).toHaveLength(TIF_ACTIONS.length);
      TIF_ACTIONS.forEach((action, i) => {
        documented.set(`${item.status}/${item.isCopy}/${action}`, cells[i] ?? '');
      });
    }
    // Rows the page leaves out are refused entirely.
    for (const [item, action] of PAIRS) {
      const cell = documented.get(`${item.status}/${item.isCopy}/${action}`) ?? '-';
      expect([item, action, cellOf(item, action)]).toEqual([item, action, cell]);
    }
  });

  it('shows the request table that tifRequest implements', () => {
    const kinds = ['update', 'delete', 'withdraw'] as const;
    const rows = markdownTable(doc, 'target status');
    const described = (result: TTifRequestOutcome): string => {
      switch (result.outcome) {
        case 'createCopy':
          return `createCopy ${result.status}`;
        case 'refused':
          return result.reason === 'pending' ? 'refused pending' : 'refused';
        case 'createItem':
        case 'editInPlace':
        case 'dropRequest':
          return result.outcome;
      }
    };
    const seen = new Set<string>();
    for (const [label = '', ...cells] of rows) {
      const withCopy = label === 'A, with a pending copy';
      const status = (withCopy ? 'A' : label) as TTifStatus;
      expect(TIF_STATUSES).toContain(status);
      // Only a published item can have a pending copy; for the others both values must agree.
      for (const hasPendingCopy of status === 'A' ? [withCopy] : [false, true]) {
        kinds.forEach((kind, i) => {
          expect([label, kind, described(tifRequest(kind, { status, hasPendingCopy }))]).toEqual([
            label,
            kind,
            cells[i],
          ]);
        });
        seen.add(`${status}/${hasPendingCopy}`);
      }
    }
    expect(seen.size).toBe(TIF_STATUSES.length * 2);
  });
});
