import { Navigate } from 'react-router';
import { AgentsViews, Bills } from '@/features/agents';
import { agentTreePath, agentViews, paths } from '@/lib/paths';
import { useOperator } from '../layout/operator';

export default function AgentBillsRoute() {
  const { permissions: p } = useOperator();
  if (!p.includes('commission.read')) return <Navigate to={paths.agents} replace />;
  return (
    <>
      <AgentsViews paths={agentViews} canTree={p.includes('agents.read')} canCommission />
      <Bills canApprove={p.includes('commission.approve')} treePath={agentTreePath} />
    </>
  );
}
