import { useSearchParams } from 'react-router-dom';
import { ApprovalList } from './approval-list.tsx';
import { approvalViewOf } from './approval-views.tsx';
import { DecisionList } from './decision-list.tsx';

/** #/approvals: the open requests, or with `?view=decided` the decisions kept. */
export function ApprovalsScreen() {
  const [params] = useSearchParams();
  return approvalViewOf(params) === 'decided' ? <DecisionList /> : <ApprovalList />;
}
