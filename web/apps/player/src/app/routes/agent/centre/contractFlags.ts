// Which contract-type pages the agent centre shows (spec sections 2, 3 and 6):
// the consolidated contract info carries one flag per contract type
// (divtypereq, dailysalreqtype, contracthoursalreq, realtimesalreqtype). The
// server answers it at GET /wps/agent/contracts/info (internal/commission,
// docs/commission-api.md; the consolidated funds call of
// GET /wps/member/info/funds/consolidated carries balances only). The spec
// makes the consolidated calls only for real users while the brand's
// AGENTPOLICY3 switch is on; with the switch off there is no contract info to
// read, so the four bill pages stay out of the menu (the brand runs no agent
// policy, so there are no contract bills to show). A failed call hides them too.
import { useQuery } from '@tanstack/react-query';
import { switchEnabled } from '@/features/system/switches';
import { contractInfoQuery } from '@/features/agent/api/commission';
import { useSession } from '@/lib/session';
import { useBrandInfo } from '../../../brand';
import { CONTRACT_PAGE_FLAG, type ContractFlag } from './registry';

export type ContractFlags = Record<ContractFlag, boolean>;

const NONE: ContractFlags = { divtypereq: false, dailysalreqtype: false, contracthoursalreq: false, realtimesalreqtype: false };

/** The wire carries a flag as a boolean, a number or a string ("1", "true", "Y"). */
export function flagOn(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v > 0;
  if (typeof v === 'string') return ['1', 'true', 'y', 'yes'].includes(v.trim().toLowerCase());
  return false;
}

/** The four flags from a consolidated answer (missing flags are off). */
export function readContractFlags(answer: unknown): ContractFlags {
  if (!answer || typeof answer !== 'object') return NONE;
  const a = answer as Record<string, unknown>;
  const out = { ...NONE };
  for (const f of Object.values(CONTRACT_PAGE_FLAG)) out[f] = flagOn(a[f]);
  return out;
}

/** The flags, and whether they are still loading (the menu waits rather than flashing entries). */
export function useContractFlags(): { flags: ContractFlags; loading: boolean } {
  const info = useBrandInfo();
  const { loggedIn, isTrial, isAgent } = useSession();
  const on = switchEnabled(info.whitelabel, 'AGENTPOLICY3') && loggedIn && !isTrial && isAgent;
  const q = useQuery({ ...contractInfoQuery(on), retry: false });
  if (!on) return { flags: NONE, loading: false };
  return { flags: q.data ? readContractFlags(q.data) : NONE, loading: q.isPending && q.fetchStatus !== 'idle' };
}
