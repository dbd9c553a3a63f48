import type { LucideIcon } from 'lucide-react';
import { Cherry, Clapperboard, Dices, Fish, Gamepad2, Spade, Swords, Ticket, Trophy, Crown, Feather } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CategoryCode } from '@/lib/paths';

export const categoryIcon: Record<CategoryCode, LucideIcon> = {
  SPORTS: Trophy,
  ESPORTS: Gamepad2,
  LIVE: Clapperboard,
  LOTT: Ticket,
  ELOTT: Dices,
  FISH: Fish,
  PVP: Spade,
  RNG: Cherry,
  BGS: Crown,
  INHOUSE: Crown,
  COCKFIGHT: Feather,
};

export function CentreHero({ code }: { code: CategoryCode }) {
  const { t } = useTranslation('catalog');
  const Icon = categoryIcon[code] ?? Swords;
  return (
    <header className={`cat-hero cat-hero--${code}`}>
      <span className="cat-hero__icon" aria-hidden="true">
        <Icon size={28} />
      </span>
      <Icon className="cat-hero__mark" aria-hidden="true" strokeWidth={1.25} />
      <div className="cat-hero__text">
        <h1 id="cat-centre-title">{t(`category.${code}`)}</h1>
        <p>{t(`tagline.${code}`)}</p>
      </div>
    </header>
  );
}
