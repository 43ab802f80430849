import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { kindLabel, recordKindParts } from './activity-kinds.ts';

type TTone = 'alarm' | 'removed' | 'added' | 'plain';

/** What a kind's dot says at a glance: failures, deletions and creations stand out. */
function toneOf(kind: string): TTone {
  if (kind === 'login.failed' || kind === 'login.locked' || kind === 'activation.locked') return 'alarm';
  if (kind === 'token.reuse-detected') return 'alarm';
  const action = recordKindParts(kind)?.action;
  if (action === 'delete') return 'removed';
  if (action === 'create') return 'added';
  return 'plain';
}

/**
 * A kind in words with a coloured dot before it. The words keep the text colour (a coloured tag's
 * pale fill would fail contrast) and wrap on a narrow window; the dot only adds emphasis.
 */
export function KindText({ kind }: { kind: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const dot: Record<TTone, string> = {
    alarm: token.colorError,
    removed: token.colorWarning,
    added: token.colorSuccess,
    plain: token.colorPrimary,
  };
  return (
    <span data-kind={kind} style={{ display: 'inline-flex', alignItems: 'baseline', gap: 6 }}>
      <span
        aria-hidden
        style={{
          flex: 'none',
          width: 8,
          height: 8,
          borderRadius: '50%',
          background: dot[toneOf(kind)],
          transform: 'translateY(-1px)',
        }}
      />
      <span style={{ overflowWrap: 'anywhere' }}>{kindLabel(t, kind)}</span>
    </span>
  );
}
