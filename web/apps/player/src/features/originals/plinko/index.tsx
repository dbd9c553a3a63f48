// Plinko Parol: a ball drops through 8–16 rows of pegs; one left/right turn
// per row from the fair stream; the bucket's multiplier (low/medium/high risk
// tables from the server config) pays.
import { useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePrefersReducedMotion } from '@/lib/motion';
import { configQuery, PLINKO_RISKS, type BetAnswer, type PlinkoOutcome, type PlinkoParams, type PlinkoRisk, type Round } from '../api';
import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS } from '../fair/games';
import { BetInput, betProblem } from '../shell/BetInput';
import { useGameShell } from '../shell/context';
import { GameLayout, Stat } from '../shell/GameLayout';
import { formatMultiplier } from '../shell/money';
import { useBetAction } from '../shell/useBetAction';
import l from '../shell/Layout.module.css';
import { PlinkoBoard, type Ball } from './PlinkoBoard';
import s from './Plinko.module.css';

const ROW_CHOICES = Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, i) => PLINKO_MIN_ROWS + i);

export const tableKey = (rows: number, risk: string) => `${rows}:${risk}`;

export default function PlinkoGame() {
  const { t } = useTranslation('originals');
  const shell = useGameShell();
  const { run, busy } = useBetAction();
  const [amount, setAmount] = useState(() => shell.limits.minBet);
  const [rows, setRows] = useState(12);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [balls, setBalls] = useState<Ball[]>([]);
  const [lit, setLit] = useState<{ bucket: number; key: number } | null>(null);
  const [recent, setRecent] = useState<{ id: string; mult: number }[]>([]);
  // Balance shown = last answered balance minus the wins of balls still falling.
  const pending = useRef(new Map<string, { round: Round }>());
  const latest = useRef(0);
  const table = shell.config.plinko?.tables?.[tableKey(rows, risk)] ?? [];
  const problem = betProblem(amount, shell.limits, shell.balance);
  const inFlight = balls.length > 0;

  const showBalance = () => {
    let falling = 0;
    for (const p of pending.current.values()) falling += p.round.win;
    shell.setBalance(latest.current - falling);
  };

  const drop = async () => {
    if (busy || problem || !table.length) return;
    const answer = await run<BetAnswer>('plinko/bet', { amount, rows, risk } satisfies PlinkoParams & { amount: number });
    if (!answer) return;
    const o = answer.round.outcome as unknown as PlinkoOutcome;
    latest.current = answer.balance;
    pending.current.set(String(answer.round.id), { round: answer.round });
    showBalance();
    shell.play('drop');
    setBalls((b) => [...b, { id: String(answer.round.id), path: o.path }]);
  };

  const landed = (id: string) => {
    const p = pending.current.get(id);
    pending.current.delete(id);
    setBalls((b) => b.filter((x) => x.id !== id));
    if (!p) return;
    const o = p.round.outcome as unknown as PlinkoOutcome;
    setLit({ bucket: o.bucket, key: Date.now() });
    showBalance();
    shell.play(p.round.multiplier >= 20000 ? 'bigwin' : p.round.multiplier >= 10000 ? 'win' : 'lose');
    setRecent((r) => [{ id, mult: p.round.multiplier }, ...r].slice(0, 10));
    shell.roundChanged(p.round);
  };

  const controls = (
    <>
      <BetInput value={amount} onChange={setAmount} disabled={busy} />
      <div className={l.field}>
        <label className={l.label} htmlFor="plinko-rows">
          {t('plinko.rows')}
        </label>
        <select id="plinko-rows" className={l.select} value={rows} disabled={inFlight} onChange={(e) => setRows(Number(e.target.value))} data-testid="plinko-rows">
          {ROW_CHOICES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <div className={l.field}>
        <span className={l.label} id="plinko-risk">
          {t('plinko.risk')}
        </span>
        <div className={l.segmented} role="group" aria-labelledby="plinko-risk">
          {PLINKO_RISKS.map((r) => (
            <button key={r} type="button" className={l.chip} aria-pressed={risk === r} disabled={inFlight} onClick={() => setRisk(r)} data-testid={`plinko-risk-${r}`}>
              {t(`plinko.risks.${r}`)}
            </button>
          ))}
        </div>
      </div>
      <div className={l.stats}>
        <Stat label={t('plinko.top')} value={table.length ? formatMultiplier(Math.max(...table)) : '—'} />
        <Stat label={t('plinko.falling')} value={balls.length} />
      </div>
      <button type="button" className={l.play} onClick={() => void drop()} disabled={busy || !!problem || !table.length} data-testid="plinko-drop">
        {t('plinko.drop')}
      </button>
    </>
  );

  return (
    <GameLayout
      label={t('games.plinko.name')}
      controls={controls}
      stage={
        <div className={s.wrap}>
          <ol className={s.recent} aria-label={t('game.recent')} data-testid="plinko-recent">
            {recent.map((r) => (
              <li key={r.id} data-good={r.mult >= 10000 || undefined}>
                {formatMultiplier(r.mult)}
              </li>
            ))}
          </ol>
          <PlinkoBoard
            rows={rows}
            table={table}
            balls={balls}
            lit={lit}
            reducedMotion={shell.reducedMotion}
            onPeg={(row) => shell.play('peg', row % 8)}
            onLanded={landed}
            label={t('plinko.board', { rows, risk: t(`plinko.risks.${risk}`) })}
          />
        </div>
      }
    />
  );
}

/** The recall replay: the stored path dropped again on the round's board. */
export function Replay({ round }: { round: Round }) {
  const { t } = useTranslation('originals');
  const config = useQuery(configQuery());
  const reduced = usePrefersReducedMotion();
  const p = round.params as unknown as PlinkoParams;
  const o = round.outcome as unknown as PlinkoOutcome;
  const [key, setKey] = useState(1);
  const [lit, setLit] = useState<{ bucket: number; key: number } | null>(null);
  const table = config.data?.plinko?.tables?.[tableKey(p.rows, p.risk)] ?? Array.from({ length: p.rows + 1 }, () => 0);
  const balls = useMemo(() => (key > 0 ? [{ id: `${round.id}-${key}`, path: o.path }] : []), [key, round.id, o.path]);
  return (
    <div className={s.replay}>
      <PlinkoBoard
        rows={p.rows}
        table={table}
        balls={balls}
        lit={lit}
        reducedMotion={reduced}
        onLanded={() => {
          setLit({ bucket: o.bucket, key: Date.now() });
          setKey(0);
        }}
        label={t('plinko.board', { rows: p.rows, risk: t(`plinko.risks.${p.risk}`) })}
      />
      <button type="button" className={l.chip} onClick={() => setKey(Date.now())} disabled={key > 0} data-testid="replay-again">
        {t('history.replayAgain')}
      </button>
    </div>
  );
}
