// The agent tree in the console (GET /ops/v1/agents/tree, POST
// /ops/v1/agents/move): a member found by id or username with its upline
// chain and a page of its direct downline; the move to another upline.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Account types (internal/account): 0 member, 1 general agent, 2 sub-agent, 41 affiliate, 42 sub-affiliate. */
export const ACCOUNT_TYPES = [0, 1, 2, 41, 42] as const;

export type TreeNode = {
  id: number;
  account: string;
  type: number;
  agent: boolean;
  status: 'ACTIVE' | 'DISABLED';
  parentId: number;
  directCount: number;
  teamCount: number;
  /** Main balance now, minor units of the tree's currency. */
  balance: number;
  registeredAt: number;
};

export type Tree = {
  member: TreeNode;
  /** From the top of the chain down to the direct upline. */
  upline: TreeNode[];
  downline: TreeNode[];
  total: number;
  page: number;
  pageSize: number;
  currency: string;
  decimals: number;
};

/** Who to show: an id (a link, a drill-down) or a username (the search box). */
export type TreeTarget = { member?: number; account?: string };

export const TREE_PAGE_SIZE = 25;
export const agentKeys = { all: ['ops', 'agents'] as const, tree: ['ops', 'agents', 'tree'] as const };

export const treeQuery = (target: TreeTarget, page: number) =>
  queryOptions({
    queryKey: [...agentKeys.tree, target, page],
    queryFn: ({ signal }) =>
      api.get<Tree>('/ops/v1/agents/tree', { member: target.member || undefined, account: target.member ? undefined : target.account, page, pageSize: TREE_PAGE_SIZE }, signal),
    enabled: !!target.member || !!target.account?.trim(),
    placeholderData: keepPreviousData,
  });

/** A member's id from its username (agent.member_not_found when none). */
export async function lookupMember(account: string, signal?: AbortSignal): Promise<TreeNode> {
  const t = await api.get<Tree>('/ops/v1/agents/tree', { account: account.trim(), pageSize: 1 }, signal);
  return t.member;
}

export type Move = { memberId: number; parentAccount: string; reason: string };
export type Moved = { memberId: number; fromParentId: number; toParentId: number };

/** Moves a member (with its team) under the agent named parentAccount; empty detaches it. */
export const moveMember = (m: Move) =>
  api.post<Moved>('/ops/v1/agents/move', { memberId: m.memberId, parentAccount: m.parentAccount.trim() || undefined, parentId: 0, reason: m.reason.trim() });
