// Agent centre: deposit. The storefront's deposit page itself, inside the
// agent centre: an agent funds the same main wallet as any member, and keeps
// the agent nav beside it rather than being sent into the personal centre;
// an online payment comes back here too (the deposit's return page "agent").
import MemberDepositPage from '../../../member/DepositPage';

export default function DepositPage() {
  return <MemberDepositPage returnTo="agent" />;
}
