// Missions and leaderboards in the console (docs/rewards-api.md "Missions
// and leaderboards"): list, create, replace (edit, schedule, pause) and a
// board's standings. Amounts read are minor units; amounts sent are decimal
// strings in major units, as the console's other money inputs.
import { queryOptions } from '@tanstack/react-query';
import { formatMinor } from '@palaro/api/src/money';
import { api } from '@/lib/api';

export type Status = 'ACTIVE' | 'PAUSED';
export type Period = 'DAILY' | 'WEEKLY';
export type Kind = 'BET' | 'ROUNDS' | 'DEPOSIT' | 'LOGIN';
export type Metric = 'MULTIPLIER' | 'VALID_BET';

export type Mission = {
  id: number;
  titleEN: string;
  titleTY: string;
  period: Period;
  kind: Kind;
  category: string;
  game: string;
  target: number;
  rewardAmount: number;
  rewardKind: 'CASH' | 'BONUS';
  wagerMultiple: number;
  status: Status;
  startsAt: number;
  endsAt: number;
  sort: number;
};

export type Board = {
  id: number;
  titleEN: string;
  titleTY: string;
  period: Period;
  metric: Metric;
  category: string;
  minBet: number;
  prizes: number[];
  status: Status;
  startsAt: number;
  endsAt: number;
};

export type Entry = { rank: number; name: string; score: number; prize: number };
export type Standing = { id: number; title: string; metric: Metric; periodKey: string; periodEnd: number; participants: number; pool: number; paid: boolean; entries: Entry[] };

export type MissionBody = Omit<Mission, 'id' | 'target' | 'rewardAmount'> & { target: string; rewardAmount: string };
export type BoardBody = Omit<Board, 'id' | 'minBet' | 'prizes'> & { minBet: string; prizes: string[] };

type Listed<T> = { items: T[]; currency: string; decimals: number };

export const MISSIONS_KEY = ['ops', 'missions'] as const;

export const missionsQuery = () =>
  queryOptions({ queryKey: [...MISSIONS_KEY, 'missions'], queryFn: ({ signal }) => api.get<Listed<Mission>>('/ops/v1/missions', undefined, signal) });

export const boardsQuery = () =>
  queryOptions({ queryKey: [...MISSIONS_KEY, 'boards'], queryFn: ({ signal }) => api.get<Listed<Board>>('/ops/v1/leaderboards', undefined, signal) });

export const standingsQuery = (id: number) =>
  queryOptions({
    queryKey: [...MISSIONS_KEY, 'standings', id],
    queryFn: ({ signal }) => api.get<{ standing: Standing; currency: string; decimals: number }>(`/ops/v1/leaderboards/${id}/standings`, { limit: 100 }, signal),
  });

export const saveMission = (id: number | null, body: MissionBody) =>
  id ? api.request<Mission>('PUT', `/ops/v1/missions/${id}`, { body }) : api.post<Mission>('/ops/v1/missions', body);

export const saveBoard = (id: number | null, body: BoardBody) =>
  id ? api.request<Board>('PUT', `/ops/v1/leaderboards/${id}`, { body }) : api.post<Board>('/ops/v1/leaderboards', body);

/** Minor units as a plain decimal input ("1234.50"), no grouping. */
export const toInput = (minor: number, decimals: number) => formatMinor(minor, decimals).replace(/,/g, '');

/** A stored mission as the body that stores it again (pause and resume keep the rest). */
export function missionBody(m: Mission, decimals: number): MissionBody {
  const money = m.kind === 'BET' || m.kind === 'DEPOSIT';
  return {
    titleEN: m.titleEN,
    titleTY: m.titleTY,
    period: m.period,
    kind: m.kind,
    category: m.category,
    game: m.game,
    target: money ? toInput(m.target, decimals) : String(m.target),
    rewardAmount: toInput(m.rewardAmount, decimals),
    rewardKind: m.rewardKind,
    wagerMultiple: m.wagerMultiple,
    status: m.status,
    startsAt: m.startsAt,
    endsAt: m.endsAt,
    sort: m.sort,
  };
}

export function boardBody(b: Board, decimals: number): BoardBody {
  return {
    titleEN: b.titleEN,
    titleTY: b.titleTY,
    period: b.period,
    metric: b.metric,
    category: b.category,
    minBet: toInput(b.minBet, decimals),
    prizes: b.prizes.map((p) => toInput(p, decimals)),
    status: b.status,
    startsAt: b.startsAt,
    endsAt: b.endsAt,
  };
}
