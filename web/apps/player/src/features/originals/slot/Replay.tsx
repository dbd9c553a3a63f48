// Replays a finished (or open) slot round on the recall page: the window of
// each spin with its winning lines, spin by spin. Static: no reels rolling.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { configQuery, type Round } from '../api';
import { useOptionalShellMoney } from './money';
import { normaliseConfig, normaliseOutcome, spinWin, DEFAULT_SYMBOLS, type SlotConfigRaw } from './model';
import { winningCells } from './geometry';
import { Reels } from './Reels';
import { SymbolSprite } from './SymbolArt';
import { WinLines } from './WinLines';
import s from './slot.module.css';

export function SlotReplay({ round }: { round: Round }) {
  const rawConfig = useQuery(configQuery()).data?.slot as SlotConfigRaw | undefined;
  const { t } = useTranslation('slotcrash', { useSuspense: true });
  const formatMoney = useOptionalShellMoney(round.currency);
  const config = useMemo(() => normaliseConfig(rawConfig), [rawConfig]);
  const symbols = config.symbols.length ? config.symbols : DEFAULT_SYMBOLS;
  const outcome = useMemo(() => normaliseOutcome(round.outcome as never, symbols), [round.outcome, symbols]);
  const [index, setIndex] = useState(0);
  const spin = outcome.spins[Math.min(index, outcome.spins.length - 1)];
  const highlight = useMemo(() => (spin ? winningCells(spin, config.paylines) : null), [spin, config.paylines]);
  if (!spin) return <p>{t('slot.replay.empty')}</p>;
  const count = outcome.spins.length;
  return (
    <div className={`${s.replay} ${s.replayMini}`} data-testid="slot-replay">
      <SymbolSprite />
      <div className={s.replayNav}>
        <button type="button" className={s.iconBtn} style={{ width: 36, height: 36 }} disabled={index === 0} onClick={() => setIndex(index - 1)} aria-label={t('slot.replay.prev')}>
          <ChevronLeft size={18} className="flip-rtl" aria-hidden="true" />
        </button>
        <strong>{index === 0 ? t('slot.replay.base') : t('slot.replay.free', { n: index, total: count - 1 })}</strong>
        <button type="button" className={s.iconBtn} style={{ width: 36, height: 36 }} disabled={index >= count - 1} onClick={() => setIndex(index + 1)} aria-label={t('slot.replay.next')}>
          <ChevronRight size={18} className="flip-rtl" aria-hidden="true" />
        </button>
      </div>
      <div className={s.frame}>
        <Reels grid={spin.grid} symbols={symbols} reducedMotion highlight={highlight} label={(n) => t(`slot.sym.${n}`, { defaultValue: n })}>
          <WinLines wins={spin.lines} paylines={config.paylines} />
        </Reels>
      </div>
      <p className={s.caption}>
        {t('slot.replay.spinWin', { amount: formatMoney(spinWin(round.amount, spin.multiplier)) })}
        {spin.freeSpinsAwarded > 0 ? ` · ${t('slot.overlay.spins', { count: spin.freeSpinsAwarded })}` : ''}
      </p>
    </div>
  );
}
