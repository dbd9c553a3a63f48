import { Navigate } from 'react-router';
import { AgentTree, AgentsViews } from '@/features/agents';
import { agentOfferPath, agentViews, paths, playerPath } from '@/lib/paths';
import { useOperator } from '../layout/operator';

export default function AgentsRoute() {
  const { permissions: p } = useOperator();
  // A role with the commission lists but not the tree lands on the contracts.
  if (!p.includes('agents.read')) return <Navigate to={paths.agentContracts} replace />;
  return (
    <>
      <AgentsViews paths={agentViews} canTree canCommission={p.includes('commission.read')} />
      <AgentTree canMove={p.includes('agents.write')} canOffer={p.includes('commission.write')} playerPath={playerPath} offerPath={agentOfferPath} />
    </>
  );
}
