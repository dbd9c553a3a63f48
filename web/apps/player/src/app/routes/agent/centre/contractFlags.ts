// Which contract-type pages the agent centre shows (spec sections 2, 3 and 6):
// the consolidated contract info (GET /wps/member/info/funds/consolidated)
// carries one flag per contract type (divtypereq, dailysalreqtype,
// contracthoursalreq, realtimesalreqtype). The spec makes that call only for
// real users while the brand's AGENTPOLICY3 switch is on; with the switch off
// there is no contract info to read, so the four bill pages stay out of the
// menu (an agent of such a brand has no contracts to show bills for).
import { useQuery } from '@tanstack/react-query';
import { switchEnabled } from '@/features/system/switches';
import { consolidatedQuery } from '@/features/wallet/api/consolidated';
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
  const { token, loggedIn, isTrial } = useSession();
  const on = switchEnabled(info.whitelabel, 'AGENTPOLICY3') && loggedIn && !isTrial;
  const q = useQuery(consolidatedQuery(token, on));
  if (!on) return { flags: NONE, loading: false };
  return { flags: q.data ? readContractFlags(q.data) : NONE, loading: q.isPending };
}
