import { Play, Star, Wrench } from 'lucide-react';
import { memo, useRef, useState } from 'react';
import { LazyImg } from '@/components/ui/LazyImg';
import { useTranslation } from 'react-i18next';
import { cdnUrl } from '@/lib/cdn';
import { useUiActions } from '@/lib/ui-actions';
import { useCatalogEnv } from '../env';
import type { Game } from '../types';
import { DefaultGameIcon } from './DefaultGameIcon';

export function gameName(g: Pick<Game, 'nodeName' | 'gameName'>): string {
  return g.nodeName || g.gameName;
}

type Props = {
  game: Game;
  favourite: boolean;
  onToggleFavourite(game: Game): void;
  /** The first rows load eagerly; the rest lazily. */
  eager?: boolean;
};

/** Game tile (spec section 2): square art, hot badge, favourite star, name, play-now. */
export const GameTile = memo(function GameTile({ game, favourite, onToggleFavourite, eager }: Props) {
  const { t } = useTranslation('catalog');
  const { launch } = useUiActions();
  const { imageBase } = useCatalogEnv();
  const [failed, setFailed] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const pointer = useRef<string>('mouse');
  const name = gameName(game);
  const src = cdnUrl(imageBase, game.showIcon || game.iconUrl);

  const play = () => {
    if (game.maintenance) return;
    // On touch screens the first tap shows the play-now button, the second plays.
    if (pointer.current === 'touch' && !revealed) {
      setRevealed(true);
      return;
    }
    launch({ nodeId: game.nodeId, vassalage: game.vassalage, gameType: game.gameType, gameCode: game.gameCode, isGame: game.isGame, name });
  };

  return (
    <article className="cat-tile" data-revealed={revealed || undefined} data-maintenance={game.maintenance || undefined}>
      <div className="cat-tile__art">
        {src && !failed ? (
          <LazyImg
            src={src}
            alt=""
            width={240}
            height={240}
            eager={eager}
            decoding="async"
            draggable={false}
            onError={() => setFailed(true)}
          />
        ) : (
          <DefaultGameIcon className="cat-tile__fallback" />
        )}
        <button
          type="button"
          className="cat-tile__hit"
          onPointerDown={(e) => (pointer.current = e.pointerType)}
          onClick={play}
          onBlur={() => setRevealed(false)}
          disabled={game.maintenance}
          aria-label={t('playGame', { name })}
        >
          <span className="cat-tile__play" aria-hidden="true">
            <Play size={16} fill="currentColor" />
            {t('playNow')}
          </span>
        </button>
        {game.isHot === 1 && <span className="cat-badge cat-badge--hot">{t('badge.hot')}</span>}
        {game.isHot !== 1 && game.isNew === 1 && <span className="cat-badge cat-badge--new">{t('badge.new')}</span>}
        <button
          type="button"
          className="cat-tile__fav"
          aria-pressed={favourite}
          aria-label={t(favourite ? 'favouriteRemove' : 'favouriteAdd', { name })}
          onClick={() => onToggleFavourite(game)}
        >
          <Star size={16} fill={favourite ? 'currentColor' : 'none'} />
        </button>
        {game.maintenance && (
          <div className="cat-tile__maint" role="status">
            <Wrench size={20} aria-hidden="true" />
            <span>{t('maintenance')}</span>
          </div>
        )}
      </div>
      <h3 className="cat-tile__name" title={name}>
        {name}
      </h3>
      <p className="cat-tile__vendor">{game.vassalage}</p>
    </article>
  );
});
