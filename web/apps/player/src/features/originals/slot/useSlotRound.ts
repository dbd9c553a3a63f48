// The slot round's flow, from the click to the last free spin:
//   spin: the reels start rolling at once, POST /slot/spin, the reels land on
//   the server's window, wins light up and count up;
//   free spins: while the round is OPEN with free spins left, POST /slot/free
//   one at a time (auto-continue, a visible counter), each presented the same
//   way, then the feature's total;
//   resume: an OPEN slot round in GET /active (a reload, a lost connection)
//   picks up where it stopped.
// Balances: the stake leaves the shown balance when the reels start; the
// server's balance is shown once the result has been presented.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { SubmissionKeys } from '@/lib/idempotency';
import type { BetAnswer, Round } from '../api';
import { useGameShell } from '../shell';
import { playFreeSpin, spinSlot } from './api';
import { lineCells, scatterCells, winningCells } from './geometry';
import { anticipation, normaliseOutcome, spinWin, type LineWin, type SlotConfig, type SlotOutcome, type Spin, type SymbolName } from './model';
import { countUpMs, Pacer } from './pacer';
import type { ReelsHandle } from './Reels';
import { autoContinue, featureWin, nextRequest, progress, stepsFor } from './sequence';

export type Phase = 'idle' | 'spinning' | 'presenting' | 'free' | 'resume';

export type Overlay =
  | { kind: 'trigger'; awarded: number; retrigger: boolean }
  | { kind: 'summary'; total: number; spins: number }
  | { kind: 'bigwin'; amount: number; mega: boolean }
  | { kind: 'jackpot'; amount: number }
  | { kind: 'resume'; left: number };

type PlayRound = { id: Round["id"]; amount: number; status: string; outcome: SlotOutcome; win: number; jackpotWin: number };

/** A slot Round from the server, normalised (symbol indexes → names). */
export function toPlayRound(r: Round, symbols: SymbolName[]): PlayRound {
  return {
    id: r.id,
    amount: r.amount,
    status: r.status,
    outcome: normaliseOutcome(r.outcome as never, symbols),
    win: r.win ?? 0,
    jackpotWin: r.jackpotWin ?? 0,
  };
}

/** A definite answer (the server decided): the next submission gets a new key. Network errors and 5xx keep the key for a retry. */
export function isDefinite(err: unknown): boolean {
  return err instanceof ApiError && err.status >= 400 && err.status < 500;
}

const BIG_MEGA_BETS = 50;

export function useSlotRound({ config, amount, welcome }: { config: SlotConfig; amount: number; welcome: SymbolName[][] }) {
  const { t } = useTranslation('slotcrash');
  const shell = useGameShell();
  const shellRef = useRef(shell);
  shellRef.current = shell;
  const reelsRef = useRef<ReelsHandle>(null);
  const pacer = useRef<Pacer>(null as unknown as Pacer);
  pacer.current ??= new Pacer();
  const keys = useRef(new SubmissionKeys());
  const freeKeys = useRef(new SubmissionKeys());

  const [shown, setShown] = useState<SymbolName[][]>(welcome);
  const [phase, setPhase] = useState<Phase>('idle');
  const [round, setRound] = useState<PlayRound | null>(null);
  const roundRef = useRef<PlayRound | null>(null);
  const [presented, setPresented] = useState<Spin | null>(null);
  const [winShown, setWinShown] = useState(0);
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const [cycle, setCycle] = useState(-1);
  const [autoLeft, setAutoLeftState] = useState(0);
  const autoRef = useRef(0);
  const [lastRoundWin, setLastRoundWin] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const [hadSpin, setHadSpin] = useState(false);
  const busyRef = useRef(false);
  const [busy, setBusyState] = useState(false);
  const ticker = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const scattersLanded = useRef(0);
  const resumed = useRef<string | null>(null);

  const setBusy = (b: boolean) => {
    busyRef.current = b;
    setBusyState(b);
  };
  const setAutoLeft = (n: number) => {
    autoRef.current = n;
    setAutoLeftState(n);
  };
  const updateRound = (r: PlayRound | null) => {
    roundRef.current = r;
    setRound(r);
  };

  useEffect(() => {
    const p = pacer.current;
    return () => {
      p.end();
      clearInterval(ticker.current);
    };
  }, []);

  const startTicks = () => {
    clearInterval(ticker.current);
    scattersLanded.current = 0;
    let n = 0;
    shellRef.current.play('spin');
    ticker.current = setInterval(() => shellRef.current.play('tick', (n++ % 6) - 3), 110);
  };
  const stopTicks = () => {
    clearInterval(ticker.current);
    ticker.current = undefined;
  };

  const onReelStop = useCallback((reel: number, column: SymbolName[]) => {
    const sh = shellRef.current;
    sh.play('stop');
    const sc = column.filter((x) => x === 'SCATTER').length;
    if (sc) {
      scattersLanded.current += sc;
      sh.play('gem', scattersLanded.current * 3);
    }
    if (reel === 4) stopTicks();
  }, []);

  const describe = useCallback(
    (spin: Spin, amt: number) => {
      const cols = spin.grid.map((col, r) => t('slot.a11y.reel', { n: r + 1, symbols: col.map((x) => t(`slot.sym.${x}`, { defaultValue: x })).join(', ') })).join('; ');
      const win = spinWin(amt, spin.multiplier);
      return `${cols}. ${win > 0 ? t('slot.a11y.win', { amount: shellRef.current.formatMoney(win) }) : t('slot.a11y.noWin')}`;
    },
    [t],
  );

  /** Shows spin `index` of round `r`: the reels, the win, a trigger, the feature's summary. */
  const present = useCallback(
    async (r: PlayRound, index: number) => {
      const p = pacer.current;
      const sh = () => shellRef.current;
      for (const step of stepsFor(r.outcome, index, r.amount)) {
        if (p.over) return;
        switch (step.kind) {
          case 'reveal': {
            const reels = reelsRef.current;
            if (reels) await reels.land(step.spin.grid, { strips: step.free ? config.freeStrips : config.strips, stops: step.spin.stops, anticipate: anticipation(step.spin.grid) });
            stopTicks();
            setShown(step.spin.grid);
            setPresented(step.spin);
            setCycle(-1);
            setAnnouncement(describe(step.spin, r.amount));
            break;
          }
          case 'win': {
            const mega = step.spin.multiplier >= BIG_MEGA_BETS * 10000;
            sh().play(step.big ? 'bigwin' : 'win');
            if (step.big) setOverlay({ kind: 'bigwin', amount: step.amount, mega });
            await p.countUp(step.amount, sh().reducedMotion ? 0 : countUpMs(step.spin.multiplier), setWinShown, () => sh().play('tick', 4));
            await p.wait(step.big ? 1600 : 450);
            if (step.big) setOverlay(null);
            break;
          }
          case 'trigger':
            sh().play('bigwin');
            setOverlay({ kind: 'trigger', awarded: step.awarded, retrigger: step.retrigger });
            await p.wait(step.retrigger ? 2200 : 3200);
            setOverlay(null);
            break;
          case 'summary':
            sh().play('bigwin');
            setOverlay({ kind: 'summary', total: step.total, spins: step.spins });
            await p.wait(3200);
            setOverlay(null);
            break;
        }
      }
    },
    [config.strips, config.freeStrips, describe],
  );

  /** Plays the free spins of an OPEN round, one request at a time. */
  const freeLoop = useCallback(
    async (start: PlayRound) => {
      const p = pacer.current;
      let r = start;
      setPhase('free');
      while (nextRequest(r) && !p.over) {
        await p.wait(shellRef.current.reducedMotion ? 300 : 650);
        if (p.over) return r;
        setPresented(null);
        setWinShown(0);
        reelsRef.current?.spin();
        startTicks();
        let ans: BetAnswer;
        const body = { roundId: r.id, next: r.outcome.spins.length };
        try {
          ans = await playFreeSpin(r.id, freeKeys.current.keyFor(body));
          freeKeys.current.done();
        } catch (err) {
          if (isDefinite(err)) freeKeys.current.done();
          stopTicks();
          reelsRef.current?.abort();
          shellRef.current.showError(err);
          // Still OPEN on the server: the spin button offers to continue (or the next reload resumes).
          if (err instanceof ApiError && (err.code === 'inhouse.round_closed' || err.code === 'inhouse.unknown_round')) {
            updateRound(null);
            shellRef.current.roundChanged();
          }
          setPhase('idle');
          return null;
        }
        const prevLen = r.outcome.spins.length;
        r = toPlayRound(ans.round, config.symbols);
        updateRound(r);
        for (let i = prevLen; i < r.outcome.spins.length; i++) await present(r, i);
        shellRef.current.setBalance(ans.balance);
      }
      return r;
    },
    [config.symbols, present],
  );

  const finishRound = (r: PlayRound) => {
    const total = r.status === 'COMPLETED' ? r.win : spinWin(r.amount, r.outcome.spins.reduce((a, s) => a + s.multiplier, 0));
    setLastRoundWin(total + (r.jackpotWin || 0));
    if (r.outcome.spins.length > 1) setWinShown(total);
    shellRef.current.roundChanged();
  };

  const showJackpot = async (r: PlayRound) => {
    if (!(r.jackpotWin > 0)) return;
    shellRef.current.play('bigwin');
    setOverlay({ kind: 'jackpot', amount: r.jackpotWin });
    await pacer.current.wait(4000);
    setOverlay(null);
  };

  /** One base spin and everything it leads to. Resolves true when the round completed normally. */
  const spinOnce = useCallback(async (): Promise<boolean> => {
    if (busyRef.current) return false;
    const sh = shellRef.current;
    if (!sh.token) return false;
    const bet = amount;
    setBusy(true);
    setPhase('spinning');
    setOverlay(null);
    setPresented(null);
    setWinShown(0);
    setHadSpin(true);
    sh.clearError();
    const before = sh.balance;
    if (before !== undefined) sh.setBalance(before - bet);
    reelsRef.current?.spin();
    startTicks();
    let ans: BetAnswer;
    try {
      ans = await spinSlot(bet, keys.current.keyFor({ amount: bet }));
      keys.current.done();
    } catch (err) {
      if (isDefinite(err)) keys.current.done();
      stopTicks();
      reelsRef.current?.abort();
      if (before !== undefined) shellRef.current.setBalance(before);
      shellRef.current.showError(err);
      shellRef.current.roundChanged();
      setPhase('idle');
      setBusy(false);
      return false;
    }
    let r = toPlayRound(ans.round, config.symbols);
    updateRound(r);
    setPhase('presenting');
    await present(r, 0);
    shellRef.current.setBalance(ans.balance);
    let ok = true;
    if (nextRequest(r)) {
      const end = await freeLoop(r);
      if (!end) ok = false;
      else r = end;
    }
    if (ok) {
      await showJackpot(r);
      finishRound(r);
      if (r.status !== 'OPEN') updateRound(null);
    }
    setPhase('idle');
    setBusy(false);
    return ok;
  }, [amount, config.symbols, present, freeLoop]);

  /** Continues the free spins of an OPEN round (resume after reload or after a failed request). */
  const resume = useCallback(async () => {
    const r = roundRef.current;
    if (!r || busyRef.current || !nextRequest(r)) return;
    setBusy(true);
    setOverlay(null);
    const end = await freeLoop(r);
    if (end) {
      await showJackpot(end);
      finishRound(end);
      if (end.status !== 'OPEN') updateRound(null);
    }
    setPhase('idle');
    setBusy(false);
  }, [freeLoop]);

  // An OPEN slot round of this member (after a reload): show where it stopped and carry on.
  useEffect(() => {
    if (busyRef.current || roundRef.current) return;
    const open = shell.active.find((x) => x.game === 'slot' && x.status === 'OPEN');
    if (!open || resumed.current === String(open.id)) return;
    resumed.current = String(open.id);
    const r = toPlayRound(open, config.symbols);
    if (!nextRequest(r)) return;
    const last = r.outcome.spins[r.outcome.spins.length - 1];
    updateRound(r);
    if (last) {
      setShown(last.grid);
      setPresented(null);
    }
    setHadSpin(true);
    setPhase('resume');
    setOverlay({ kind: 'resume', left: r.outcome.freeSpinsLeft });
    void (async () => {
      await pacer.current.wait(3500);
      if (pacer.current.over || busyRef.current || roundRef.current?.id !== r.id) return;
      await resume();
    })();
  }, [shell.active, config.symbols, resume]);

  // Auto-play: further base spins while there are spins left and money for them.
  const startAuto = useCallback(
    async (n: number) => {
      if (busyRef.current) return;
      setAutoLeft(n);
      while (autoRef.current > 0 && !pacer.current.over) {
        setAutoLeft(autoRef.current - 1);
        const ok = await spinOnce();
        const sh = shellRef.current;
        if (!ok || !autoContinue({ left: autoRef.current, balance: sh.balance ?? null, amount, stopOnFeature: false, hadFeature: false })) break;
        await pacer.current.wait(350);
      }
      setAutoLeft(0);
    },
    [spinOnce, amount],
  );
  const stopAuto = useCallback(() => setAutoLeft(0), []);

  /** The spin button and the space bar: continue an overlay, skip a count-up, slam the reels, or spin. */
  const primary = useCallback(() => {
    if (phase === 'resume' && !busyRef.current) {
      pacer.current.skip();
      void resume();
      return;
    }
    if (busyRef.current) {
      if (pacer.current.skip()) return;
      reelsRef.current?.quickStop();
      return;
    }
    if (roundRef.current && nextRequest(roundRef.current)) {
      void resume();
      return;
    }
    void spinOnce();
  }, [phase, resume, spinOnce]);

  // Line-by-line cycling once the round is idle.
  const items = useMemo(() => {
    if (!presented) return [] as ({ kind: 'line'; win: LineWin } | { kind: 'scatter' })[];
    const list: ({ kind: 'line'; win: LineWin } | { kind: 'scatter' })[] = presented.lines.map((win) => ({ kind: 'line' as const, win }));
    if (presented.scatterWin > 0 || presented.freeSpinsAwarded > 0) list.push({ kind: 'scatter' });
    return list;
  }, [presented]);
  useEffect(() => {
    if (phase !== 'idle' || items.length < 2) return;
    const id = setInterval(() => setCycle((c) => (c + 1 >= items.length ? -1 : c + 1)), 1500);
    return () => clearInterval(id);
  }, [phase, items.length]);

  const current = cycle >= 0 ? items[cycle] : undefined;
  const highlight = useMemo(() => {
    if (!presented || !items.length) return null;
    if (!current) return winningCells(presented, config.paylines);
    return new Set(current.kind === 'line' ? lineCells(current.win, config.paylines) : scatterCells(presented));
  }, [presented, items.length, current, config.paylines]);
  const litLines = !presented ? [] : current ? (current.kind === 'line' ? [current.win] : []) : presented.lines;

  const amt = round?.amount ?? amount;
  const caption = useMemo(() => {
    if (phase === 'spinning' || (phase === 'free' && !presented)) return null;
    if (!presented) return hadSpin ? null : { text: t('slot.caption.ready') };
    const sym = (x: string) => t(`slot.sym.${x}`, { defaultValue: x });
    if (current?.kind === 'line') {
      const w = current.win;
      return { text: t('slot.caption.line', { n: w.line + 1, count: w.count, symbol: sym(w.symbol), amount: shell.formatMoney(spinWin(amt, w.multiplier)) }), line: w.line };
    }
    if (current?.kind === 'scatter') {
      return { text: t('slot.caption.scatter', { count: presented.scatter, amount: shell.formatMoney(spinWin(amt, presented.scatterWin)) }) };
    }
    const win = spinWin(amt, presented.multiplier);
    if (win > 0) return { text: t('slot.caption.total', { count: presented.lines.length, amount: shell.formatMoney(win) }) };
    return { text: t('slot.caption.noWin') };
  }, [phase, presented, hadSpin, current, amt, shell, t]);

  const feature = round ? progress(round.outcome) : { played: 0, left: 0, total: 0, inFeature: false };
  const canResume = !!round && !busy && !!nextRequest(round);
  const primaryLabel = busy
    ? phase === 'spinning' || phase === 'presenting'
      ? t('slot.stop')
      : t('slot.free.playing')
    : canResume
      ? t('slot.free.continue')
      : t('slot.spin');

  return {
    reelsRef,
    shown,
    phase,
    busy,
    highlight,
    litLines,
    overlay,
    primary,
    primaryLabel,
    canResume,
    feature,
    featureWin: round ? featureWin(round.outcome, round.amount) : 0,
    winShown,
    caption,
    announcement,
    roundAmount: round?.amount,
    lastRoundWin,
    autoLeft,
    startAuto,
    stopAuto,
    onReelStop,
  };
}
