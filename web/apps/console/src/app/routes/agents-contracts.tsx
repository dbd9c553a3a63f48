import { Navigate } from 'react-router';
import { AgentsViews, Contracts } from '@/features/agents';
import { agentTreePath, agentViews, paths } from '@/lib/paths';
import { useOperator } from '../layout/operator';

export default function AgentContractsRoute() {
  const { permissions: p } = useOperator();
  if (!p.includes('commission.read')) return <Navigate to={paths.agents} replace />;
  return (
    <>
      <AgentsViews paths={agentViews} canTree={p.includes('agents.read')} canCommission />
      <Contracts canWrite={p.includes('commission.write')} treePath={agentTreePath} />
    </>
  );
}
