// Mines of Mindanao: pick tiles on a 3x3..8x8 board hiding 1..n²-1 mines;
// every safe pick raises the multiplier (0.99 / P(survival)); cash out any
// time. An unfinished board is resumed from GET /wps/inhouse/active.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrefersReducedMotion } from '@/lib/motion';
import type { BetAnswer, MinesOutcome, MinesParams, Round } from '../api';
import { MINES_MAX_SIZE, MINES_MIN_SIZE, minesMultiplier } from '../fair/games';
import { BetInput, betProblem } from '../shell/BetInput';
import { useGameShell } from '../shell/context';
import { GameLayout, Stat } from '../shell/GameLayout';
import { formatMultiplier, payout } from '../shell/money';
import { useBetAction } from '../shell/useBetAction';
import l from '../shell/Layout.module.css';
import { MinesBoard, tileStates } from './MinesBoard';
import s from './Mines.module.css';

const SIZES = Array.from({ length: MINES_MAX_SIZE - MINES_MIN_SIZE + 1 }, (_, i) => MINES_MIN_SIZE + i);
const outcomeOf = (r: Round) => r.outcome as unknown as MinesOutcome;
const paramsOf = (r: Round) => r.params as unknown as MinesParams;

/** The mine count kept valid when the board size changes. */
export const fitMines = (mines: number, size: number) => Math.max(1, Math.min(size * size - 1, mines));

export default function MinesGame() {
  const { t } = useTranslation('originals');
  const shell = useGameShell();
  const { run, busy } = useBetAction();
  const [amount, setAmount] = useState(() => shell.limits.minBet);
  const [size, setSize] = useState(5);
  const [mines, setMines] = useState(3);
  const [round, setRound] = useState<Round | null>(null);
  const [lastPick, setLastPick] = useState<number | undefined>();
  const [pending, setPending] = useState<number | null>(null);
  const [resumedId, setResumedId] = useState<string | null>(null);

  // Resume an unfinished board once, when the active rounds arrive.
  // Only a board left open before this page opened is resumed, never the one just started here
  // (starting refreshes the active rounds too).
  const resumeChecked = useRef(false);
  useEffect(() => {
    if (resumeChecked.current) return;
    if (round) {
      resumeChecked.current = true;
      return;
    }
    const open = shell.active.find((r) => r.game === 'mines' && r.status === 'OPEN');
    if (!open) return;
    resumeChecked.current = true;
    setResumedId(String(open.id));
    const p = paramsOf(open);
    setSize(p.size);
    setMines(p.mines);
    setAmount(open.amount);
    setRound(open);
  }, [shell.active, round]);

  const open = round?.status === 'OPEN';
  const o = round ? outcomeOf(round) : null;
  const p: MinesParams = round ? paramsOf(round) : { size, mines };
  const revealed = o?.revealed?.length ?? 0;
  const tiles = useMemo(
    () => (round && o ? tileStates(p.size, o.revealed ?? [], o.mines, o.busted, lastPick) : tileStates(size, [], null, false)),
    [round, o, p.size, size, lastPick],
  );
  const current = open ? round.multiplier || minesMultiplier(p, revealed) : 0;
  const next = open || !round ? minesMultiplier(p, revealed + 1) : 0;
  const problem = betProblem(amount, shell.limits, shell.balance);
  const canCashOut = open && revealed > 0 && pending === null && !busy;

  const start = async () => {
    if (busy || problem) return;
    const a = await run<BetAnswer>('mines/start', { amount, size, mines });
    if (!a) return;
    shell.setBalance(a.balance);
    setLastPick(undefined);
    setRound(a.round);
    shell.play('click');
    shell.roundChanged(a.round);
  };

  const pick = async (tile: number) => {
    if (!round || !open || busy) return;
    setPending(tile);
    setLastPick(tile);
    const a = await run<BetAnswer>('mines/reveal', { roundId: round.id, tile });
    setPending(null);
    if (!a) return;
    setRound(a.round);
    shell.setBalance(a.balance);
    const ao = outcomeOf(a.round);
    if (ao.busted) shell.play('boom');
    else shell.play(a.round.status === 'COMPLETED' ? 'bigwin' : 'gem', ao.revealed.length);
    if (a.round.status !== 'OPEN') shell.roundChanged(a.round);
  };

  const randomPick = () => {
    const hidden = tiles.map((st, i) => (st === 'hidden' ? i : -1)).filter((i) => i >= 0);
    if (!hidden.length) return;
    const b = new Uint32Array(1);
    crypto.getRandomValues(b);
    void pick(hidden[b[0] % hidden.length]);
  };

  const cashOut = async () => {
    if (!round || !canCashOut) return;
    const a = await run<BetAnswer>('mines/cashout', { roundId: round.id });
    if (!a) return;
    setRound(a.round);
    shell.setBalance(a.balance);
    shell.play('cashout');
    shell.roundChanged(a.round);
  };

  const ended = round && round.status !== 'OPEN';
  const controls = (
    <>
      <BetInput value={amount} onChange={setAmount} disabled={open || busy} />
      <div className={s.pickers}>
        <div className={l.field}>
          <label className={l.label} htmlFor="mines-size">
            {t('mines.size')}
          </label>
          <select
            id="mines-size"
            className={l.select}
            value={open ? p.size : size}
            disabled={open}
            data-testid="mines-size"
            onChange={(e) => {
              const v = Number(e.target.value);
              setSize(v);
              setMines((m) => fitMines(m, v));
              setRound(null);
            }}
          >
            {SIZES.map((n) => (
              <option key={n} value={n}>
                {n}×{n}
              </option>
            ))}
          </select>
        </div>
        <div className={l.field}>
          <label className={l.label} htmlFor="mines-count">
            {t('mines.mines')}
          </label>
          <select
            id="mines-count"
            className={l.select}
            value={open ? p.mines : mines}
            disabled={open}
            data-testid="mines-count"
            onChange={(e) => {
              setMines(Number(e.target.value));
              setRound(null);
            }}
          >
            {Array.from({ length: size * size - 1 }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className={l.stats}>
        <Stat label={t('mines.current')} value={open ? formatMultiplier(current) : '—'} testId="mines-multiplier" />
        <Stat label={t('mines.next')} value={next > 0 ? formatMultiplier(next) : '—'} testId="mines-next" />
        <Stat label={t('mines.gems')} value={`${revealed} / ${p.size * p.size - p.mines}`} />
      </div>
      {open ? (
        <>
          <button type="button" className={l.play} data-variant="cashout" onClick={() => void cashOut()} disabled={!canCashOut} data-testid="mines-cashout">
            {t('mines.cashOut', { amount: shell.formatMoney(payout(round.amount, current)) })}
          </button>
          <button type="button" className={l.chip} onClick={randomPick} disabled={busy || pending !== null} data-testid="mines-random">
            {t('mines.random')}
          </button>
        </>
      ) : (
        <button type="button" className={l.play} onClick={() => void start()} disabled={busy || !!problem} data-testid="mines-start">
          {t('mines.start')}
        </button>
      )}
    </>
  );

  return (
    <GameLayout
      label={t('games.mines.name')}
      controls={controls}
      stage={
        <div className={s.wrap}>
          <MinesBoard size={open || ended ? p.size : size} tiles={tiles} playable={!!open} pending={pending} onPick={(i) => void pick(i)} reducedMotion={shell.reducedMotion} />
          {ended && round && <Result round={round} />}
          {!round && <p className={s.hint}>{t('mines.hint')}</p>}
          {open && String(round.id) === resumedId && <p className={s.hint} data-testid="mines-resumed">{t('mines.resumed')}</p>}
        </div>
      }
    />
  );
}

function Result({ round }: { round: Round }) {
  const { t } = useTranslation('originals');
  const shell = useGameShell();
  const busted = outcomeOf(round).busted;
  return (
    <div className={s.result} data-busted={busted || undefined} role="status" data-testid="mines-result">
      {busted ? (
        <strong>{t('mines.busted')}</strong>
      ) : (
        <>
          <strong>{formatMultiplier(round.multiplier)}</strong>
          <span>{t('mines.won', { amount: shell.formatMoney(round.win) })}</span>
        </>
      )}
    </div>
  );
}

/** The recall replay: the stored picks flipped one by one, then the mines shown. */
export function Replay({ round }: { round: Round }) {
  const { t } = useTranslation('originals');
  const reduced = usePrefersReducedMotion();
  const p = paramsOf(round);
  const o = outcomeOf(round);
  const picks = o.revealed ?? [];
  const [step, setStep] = useState(reduced ? picks.length + 1 : 0);
  useEffect(() => {
    if (step > picks.length) return;
    const timer = setTimeout(() => setStep((x) => x + 1), 380);
    return () => clearTimeout(timer);
  }, [step, picks.length]);
  const done = step > picks.length;
  const tiles = tileStates(p.size, picks.slice(0, step), done ? o.mines : null, o.busted && done);
  return (
    <div className={s.replay}>
      <MinesBoard size={p.size} tiles={tiles} playable={false} reducedMotion={reduced} />
      <button type="button" className={l.chip} onClick={() => setStep(0)} disabled={!done} data-testid="replay-again">
        {t('history.replayAgain')}
      </button>
    </div>
  );
}
