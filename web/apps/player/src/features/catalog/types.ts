import type { CategoryCode } from '@/lib/paths';

export type Game = {
  nodeId: number;
  nodeName: string;
  gameName: string;
  vassalage: string;
  gameType: string;
  gameCode: string;
  isHot: number;
  isNew: number;
  subCategory: string;
  showIcon: string;
  iconUrl: string;
  isGame: string;
  maintenance: boolean;
};

export type VendorCard = {
  vassalage: string;
  gameType: string;
  displayName: string;
  lagerIcon: string;
  isGame: string;
  launchMode: 'iframe' | 'window';
  isNew: number;
  maintenance: boolean;
  sort: number;
  gameCount: number;
};

export type Lane = { title: string; cards: VendorCard[]; gameClassify: { gameType: string; vendors: string[] }[] };
export type GameMenu = { gameType: string; menuCode: string; pageCode: string; vendorCount: number; sort: number };
export type GamePage = { games: Game[]; pageNo: number; pageSize: number; total: number; totalPages: number };
export type Winner = {
  rank: number;
  kind: 'BIG' | 'JACKPOT';
  time: number;
  vo: { customerName: string; winAmount: number; gameName: string; iconUrl: string; nodeId: number; vassalage: string; gameType: string; gameCode: string };
};

/** A storefront category after vendor reshaping (spec section 4). */
export type Category = { code: CategoryCode; vendors: VendorCard[] };
