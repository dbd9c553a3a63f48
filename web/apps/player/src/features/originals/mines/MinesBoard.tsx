// The Mines grid: capiz-shell tiles that flip to a gem or a mine. Tiles are
// buttons (arrow keys move between them); the board is disabled between rounds.
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import s from './Mines.module.css';

export type TileState = 'hidden' | 'gem' | 'mine' | 'boom' | 'gem-dim' | 'mine-dim';

export type MinesBoardProps = {
  size: number;
  tiles: TileState[];
  /** Tiles that can be picked now. */
  playable: boolean;
  pending?: number | null;
  onPick?: (tile: number) => void;
  reducedMotion: boolean;
};

export function tileStates(size: number, revealed: number[], mines: number[] | null | undefined, busted: boolean, lastPick?: number): TileState[] {
  const n = size * size;
  const rev = new Set(revealed);
  const mine = new Set(mines ?? []);
  const ended = !!mines && mines.length > 0;
  const out: TileState[] = [];
  for (let i = 0; i < n; i++) {
    if (mine.has(i)) out.push(busted && (rev.has(i) || i === lastPick) ? 'boom' : 'mine-dim');
    else if (rev.has(i)) out.push('gem');
    else out.push(ended ? 'gem-dim' : 'hidden');
  }
  return out;
}

export function MinesBoard({ size, tiles, playable, pending, onPick, reducedMotion }: MinesBoardProps) {
  const { t } = useTranslation('originals');
  const grid = useRef<HTMLDivElement>(null);
  const move = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const rtl = document.documentElement.dir === 'rtl';
    const d: Record<string, number> = { ArrowLeft: rtl ? 1 : -1, ArrowRight: rtl ? -1 : 1, ArrowUp: -size, ArrowDown: size };
    const delta = d[e.key];
    if (delta === undefined) return;
    const j = i + delta;
    if (j < 0 || j >= size * size) return;
    if (Math.abs(delta) === 1 && Math.floor(j / size) !== Math.floor(i / size)) return;
    e.preventDefault();
    grid.current?.querySelectorAll<HTMLButtonElement>('button')[j]?.focus();
  };
  return (
    <div ref={grid} className={s.grid} style={{ gridTemplateColumns: `repeat(${size}, 1fr)` }} data-size={size} data-motion={reducedMotion ? 'reduced' : undefined} data-testid="mines-grid">
      {tiles.map((st, i) => {
        const row = Math.floor(i / size) + 1;
        const col = (i % size) + 1;
        const label =
          st === 'hidden' ? t('mines.tileHidden', { row, col }) : st.startsWith('gem') ? t('mines.tileGem', { row, col }) : t('mines.tileMine', { row, col });
        return (
          <button
            key={i}
            type="button"
            className={s.tile}
            data-state={st}
            data-pending={pending === i || undefined}
            aria-label={label}
            aria-disabled={!playable || st !== 'hidden' || undefined}
            data-testid={`mines-tile-${i}`}
            onKeyDown={(e) => move(e, i)}
            onClick={() => {
              if (playable && st === 'hidden' && pending == null) onPick?.(i);
            }}
          >
            <span className={s.inner}>
              <span className={s.back} aria-hidden="true">
                <Shell />
              </span>
              <span className={s.front} aria-hidden="true">
                {st.startsWith('gem') ? <Gem /> : st === 'hidden' ? null : <Mine />}
              </span>
            </span>
          </button>
        );
      })}
    </div>
  );
}

/** Capiz-shell window pane: the tile's back. */
function Shell() {
  return (
    <svg viewBox="0 0 40 40" className={s.art}>
      <path d="M20 6 C 29 6, 34 13, 34 20 C 34 28, 28 34, 20 34 C 12 34, 6 28, 6 20 C 6 13, 11 6, 20 6 Z" className={s.shellBody} />
      <path d="M20 9 V 31 M 12 12 L 20 20 L 28 12 M 10 22 L 20 20 L 30 22" className={s.shellLines} />
    </svg>
  );
}

/** A cut gem in the brand's gold and teal. */
function Gem() {
  return (
    <svg viewBox="0 0 40 40" className={s.art}>
      <path d="M11 14 L 16 8 H 24 L 29 14 L 20 33 Z" className={s.gemBody} />
      <path d="M11 14 H 29 M 16 8 L 18 14 L 20 33 L 22 14 L 24 8" className={s.gemFacets} />
      <path d="M14 12 L 16.5 9.5" className={s.gemShine} />
    </svg>
  );
}

/** A festive firecracker-style mine with a spark. */
function Mine() {
  return (
    <svg viewBox="0 0 40 40" className={s.art}>
      <circle cx="19" cy="23" r="10" className={s.mineBody} />
      <path d="M24 14 Q 27 9, 31 9" className={s.mineFuse} />
      <path d="M31 5 L 32 8 L 35 9 L 32 10 L 31 13 L 30 10 L 27 9 L 30 8 Z" className={s.mineSpark} />
      <circle cx="15" cy="19" r="2.5" className={s.mineShine} />
    </svg>
  );
}
