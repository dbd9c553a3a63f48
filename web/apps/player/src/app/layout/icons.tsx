// Category and navigation icons (lucide only).
import { Bird, Cherry, Dices, Fish, Gamepad2, Gift, House, Sparkles, Spade, Ticket, Trophy, Video, type LucideProps } from 'lucide-react';
import type { ComponentType } from 'react';

export const NAV_ICONS: Record<string, ComponentType<LucideProps>> = {
  HOME: House,
  PROMOTIONS: Gift,
  LIVE: Video,
  RNG: Cherry,
  FISH: Fish,
  PVP: Spade,
  SPORTS: Trophy,
  ESPORTS: Gamepad2,
  LOTT: Ticket,
  ELOTT: Dices,
  BGS: Sparkles,
  INHOUSE: Sparkles,
  COCKFIGHT: Bird,
};

export function NavIcon({ code, ...props }: { code: string } & LucideProps) {
  const Icon = NAV_ICONS[code] ?? Sparkles;
  return <Icon aria-hidden="true" {...props} />;
}
