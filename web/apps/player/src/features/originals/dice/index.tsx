// Dice Duel Davao: roll 00.00–99.99 over or under a target the member picks
// (win chance 1.00%–98.00%, multiplier 0.99 / chance).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrefersReducedMotion } from '@/lib/motion';
import type { BetAnswer, DiceOutcome, DiceParams, Round } from '../api';
import { BetInput, betProblem } from '../shell/BetInput';
import { useGameShell } from '../shell/context';
import { GameLayout, Stat } from '../shell/GameLayout';
import { formatMultiplier, payout } from '../shell/money';
import { useBetAction } from '../shell/useBetAction';
import { DICE_MAX_CHANCE, DICE_MIN_CHANCE, diceMultiplier, diceTargetFor, diceWinChance } from '../fair/games';
import l from '../shell/Layout.module.css';
import { DiceStage, formatRoll } from './DiceStage';
import s from './Dice.module.css';

/** Target limits for a direction so the chance stays in 1.00%..98.00%. */
export function targetBounds(over: boolean): [number, number] {
  return over ? [diceTargetFor(DICE_MAX_CHANCE, true), diceTargetFor(DICE_MIN_CHANCE, true)] : [DICE_MIN_CHANCE, DICE_MAX_CHANCE];
}

/** "49.5" (percent) -> 4950 (1/10000); null when outside 1.00..98.00 or malformed. */
export function parseChance(text: string): number | null {
  const m = /^(\d{1,2})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!m) return null;
  const v = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return v >= DICE_MIN_CHANCE && v <= DICE_MAX_CHANCE ? v : null;
}

export default function DiceGame() {
  const { t } = useTranslation('originals');
  const shell = useGameShell();
  const { run, busy } = useBetAction();
  const [amount, setAmount] = useState(() => shell.limits.minBet);
  const [over, setOver] = useState(false);
  const [target, setTarget] = useState(5000);
  const [chanceText, setChanceText] = useState('50.00');
  const [last, setLast] = useState<{ roll: number; win: boolean; key: number; answer?: BetAnswer } | null>(null);
  const [rolling, setRolling] = useState(false);
  const [recent, setRecent] = useState<{ roll: number; win: boolean; id: string }[]>([]);

  const params: DiceParams = { target, over };
  const chance = diceWinChance(params);
  const mult = diceMultiplier(params);
  const [minT, maxT] = targetBounds(over);
  const problem = betProblem(amount, shell.limits, shell.balance);

  const setChance = (c: number) => {
    setTarget(diceTargetFor(c, over));
    setChanceText((c / 100).toFixed(2));
  };
  const changeTarget = (v: number) => {
    setTarget(v);
    setChanceText((diceWinChance({ target: v, over }) / 100).toFixed(2));
  };
  const flip = (o: boolean) => {
    if (o === over) return;
    shell.play('click');
    setOver(o);
    setTarget(diceTargetFor(chance, o));
  };

  const roll = async () => {
    if (rolling || busy || problem) return;
    const answer = await run<BetAnswer>('dice/bet', { amount, target, over });
    if (!answer) return;
    const o = answer.round.outcome as unknown as DiceOutcome;
    shell.setBalance(answer.balance - answer.round.win);
    shell.play('roll');
    setRolling(true);
    setLast({ roll: o.roll, win: o.win, key: Date.now(), answer });
  };
  const settled = () => {
    setRolling(false);
    if (!last?.answer) return;
    const { round, balance } = last.answer;
    shell.setBalance(balance);
    shell.play(last.win ? (round.multiplier >= 100000 ? 'bigwin' : 'win') : 'lose');
    setRecent((r) => [{ roll: last.roll, win: last.win, id: String(round.id) }, ...r].slice(0, 8));
    shell.roundChanged(round);
    setLast({ ...last, answer: undefined });
  };

  const controls = (
    <>
      <BetInput value={amount} onChange={setAmount} disabled={rolling || busy} />
      <div className={l.field}>
        <span className={l.label} id="dice-dir">
          {t('dice.direction')}
        </span>
        <div className={l.segmented} role="group" aria-labelledby="dice-dir">
          <button type="button" className={l.chip} aria-pressed={!over} onClick={() => flip(false)} disabled={rolling} data-testid="dice-under">
            {t('dice.under')}
          </button>
          <button type="button" className={l.chip} aria-pressed={over} onClick={() => flip(true)} disabled={rolling} data-testid="dice-over">
            {t('dice.over')}
          </button>
        </div>
      </div>
      <div className={l.field}>
        <label className={l.label} htmlFor="dice-chance">
          {t('dice.chance')} <span>%</span>
        </label>
        <input
          id="dice-chance"
          className={l.input}
          inputMode="decimal"
          value={chanceText}
          disabled={rolling}
          data-testid="dice-chance"
          aria-invalid={parseChance(chanceText) === null || undefined}
          onChange={(e) => {
            setChanceText(e.target.value);
            const c = parseChance(e.target.value);
            if (c !== null) setTarget(diceTargetFor(c, over));
          }}
          onBlur={() => setChanceText((chance / 100).toFixed(2))}
        />
        <div className={l.segmented}>
          {[1000, 2500, 5000, 7500, 9000].map((c) => (
            <button key={c} type="button" className={l.chip} disabled={rolling} aria-pressed={chance === c} onClick={() => setChance(c)}>
              {c / 100}%
            </button>
          ))}
        </div>
      </div>
      <div className={l.stats}>
        <Stat label={over ? t('dice.rollOver') : t('dice.rollUnder')} value={formatRoll(target)} testId="dice-target-value" />
        <Stat label={t('game.multiplier')} value={formatMultiplier(mult)} testId="dice-multiplier" />
        <Stat label={t('game.profitOnWin')} value={shell.formatMoney(Math.max(0, payout(amount, mult) - amount))} />
      </div>
      <button type="button" className={l.play} onClick={() => void roll()} disabled={rolling || busy || !!problem} data-testid="dice-roll-button">
        {busy || rolling ? t('dice.rolling') : t('dice.roll')}
      </button>
    </>
  );

  return (
    <GameLayout
      label={t('games.dice.name')}
      controls={controls}
      stage={
        <>
          <ol className={s.recent} aria-label={t('game.recent')}>
            {recent.map((r) => (
              <li key={r.id} data-win={r.win || undefined}>
                {formatRoll(r.roll)}
              </li>
            ))}
          </ol>
          <DiceStage
            target={target}
            over={over}
            roll={last?.roll ?? null}
            win={rolling ? null : (last?.win ?? null)}
            rollKey={last?.key ?? 0}
            reducedMotion={shell.reducedMotion}
            onTargetChange={changeTarget}
            minTarget={minT}
            maxTarget={maxT}
            disabled={rolling}
            onTick={(i) => shell.play('tick', i)}
            onSettled={settled}
          />
        </>
      }
    />
  );
}

/** The recall replay: the stored roll spun again against the round's target. */
export function Replay({ round }: { round: Round }) {
  const p = round.params as unknown as DiceParams;
  const o = round.outcome as unknown as DiceOutcome;
  const [key, setKey] = useState(() => Date.now());
  const reduced = usePrefersReducedMotion();
  const { t } = useTranslation('originals');
  return (
    <div className={s.replay}>
      <DiceStage target={p.target} over={p.over} roll={o.roll} win={o.win} rollKey={key} reducedMotion={reduced} />
      <button type="button" className={l.chip} onClick={() => setKey(Date.now())}>
        {t('history.replayAgain')}
      </button>
    </div>
  );
}
