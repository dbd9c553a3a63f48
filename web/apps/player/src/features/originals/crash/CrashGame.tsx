// Jeepney Crash: one shared round for everyone. Bet while the countdown
// runs, then cash out by hand (the button shows what you would win now) or
// let an auto cash-out target do it; the players list shows every bet and
// cash-out as it happens; the history links each crash point to its proof.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { ApiError } from '@/lib/api';
import { formatMinor } from '@/lib/format';
import { SubmissionKeys } from '@/lib/idempotency';
import { paths } from '@/lib/paths';
import { BetInput, GameLayout, layoutStyles as ls, useGameShell } from '../shell';
import { cashOutCrash, placeCrashBet } from './api';
import { checkBet, parseAutoCashout } from './bet';
import { CrashStage } from './CrashStage';
import { elapsedSince, formatPoint, multiplierAt, parseServerTime, pointTier, winAt } from './maths';
import { myBet, sortedBets, type Table } from './store';
import { useCrashTable } from './useCrashTable';
import { useVerifyLink } from '../verify/link';
import type { CrashBet } from './types';
import s from './crash.module.css';

/** The verifier link of a crashed round. */
/** The verifier's query for a Crash round hash (with the chain's salt when known). */
export function crashVerifyQuery(hash: string, salt?: string): string {
  const q = new URLSearchParams({ game: 'crash', hash });
  if (salt) q.set('salt', salt);
  return q.toString();
}

export function crashVerifyHref(hash: string, salt?: string): string {
  return paths.originalsVerify(crashVerifyQuery(hash, salt));
}

function HistoryChip({ hash, salt, point }: { hash: string; salt?: string; point: number }) {
  const { t } = useTranslation('originals');
  const link = useVerifyLink(crashVerifyQuery(hash, salt));
  return (
    <a className={s.chip} data-tier={pointTier(point)} {...link} title={t('crash.verifyHash', { hash })} data-testid="crash-history-chip">
      {formatPoint(point)}
    </a>
  );
}

/** The multiplier now (hundredths), re-rendered ~10 times a second while the round flies. */
function useLiveMultiplier(table: Table): number {
  const [, force] = useState(0);
  const running = table.round?.status === 'RUNNING';
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => force((n) => n + 1), 100);
    return () => clearInterval(id);
  }, [running]);
  const r = table.round;
  if (!r || r.status !== 'RUNNING' || r.startedAt === undefined) return r?.status === 'CRASHED' ? (r.point ?? 100) : 100;
  return multiplierAt(elapsedSince(r.startedAt, Date.now(), table.offset));
}

const errKeys = new Set(['crash.too_late', 'crash.betting_closed', 'crash.already_bet', 'crash.not_running', 'crash.bad_auto_cashout', 'crash.unavailable', 'inhouse.double_cashout']);

export function CrashGame() {
  const { t } = useTranslation('slotcrash', { useSuspense: true });
  const shell = useGameShell();
  const { table, link, applyOwnBet } = useCrashTable(shell.token);
  const [amount, setAmount] = useState(() => Math.max(shell.limits.minBet, Math.min(shell.limits.minBet * 10, shell.limits.maxBet)));
  const [autoOn, setAutoOn] = useState(false);
  const [autoText, setAutoText] = useState('2.00');
  const [queued, setQueued] = useState(false);
  const [sending, setSending] = useState<'bet' | 'cashout' | null>(null);
  const betKeys = useRef(new SubmissionKeys());
  const cashKeys = useRef(new SubmissionKeys());
  const live = useLiveMultiplier(table);
  const round = table.round;
  const status = round?.status;
  const mine = myBet(table);
  const riding = !!mine && !mine.cashedOutAt && mine.state !== 'LOST' && mine.state !== 'CANCELLED';

  const fail = (err: unknown) => {
    const code = err instanceof ApiError ? err.code : undefined;
    if (code && errKeys.has(code)) shell.showError(new Error(t(`errors.${code}`)));
    else shell.showError(err);
  };

  const auto = autoOn ? parseAutoCashout(autoText) : ({ ok: true, value: null } as const);
  const check = checkBet(amount, autoOn ? autoText : '', shell.limits, shell.balance ?? null);

  const bet = async () => {
    if (!shell.token || sending || !check.ok || !auto.ok) return;
    const body = { amount, auto: auto.value };
    setSending('bet');
    shell.clearError();
    try {
      const ans = await placeCrashBet(amount, auto.value, betKeys.current.keyFor(body));
      betKeys.current.done();
      shell.play('click');
      shell.setBalance(ans.balance);
      applyOwnBet(ans.bet);
      shell.roundChanged();
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) betKeys.current.done();
      fail(err);
    } finally {
      setSending(null);
    }
  };

  const cashOut = async () => {
    if (!round || !mine || sending) return;
    setSending('cashout');
    try {
      const ans = await cashOutCrash(mine.roundId ?? round.id, cashKeys.current.keyFor({ roundId: mine.roundId ?? round.id }));
      cashKeys.current.done();
      shell.play('cashout');
      shell.setBalance(ans.balance);
      applyOwnBet(ans.bet);
      shell.roundChanged();
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) cashKeys.current.done();
      fail(err);
    } finally {
      setSending(null);
    }
  };

  // A bet queued during a flight goes in as soon as the next round takes bets.
  const placedFor = useRef<unknown>(null);
  useEffect(() => {
    if (!queued || status !== 'BETTING' || !round || mine || placedFor.current === round.id) return;
    placedFor.current = round.id;
    setQueued(false);
    void bet();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queued, status, round?.id, mine]);

  // Sounds: take-off, the crash, an auto cash-out of the member's bet, the last seconds of the countdown.
  const prevStatus = useRef(status);
  const prevCashed = useRef(mine?.cashedOutAt ?? 0);
  useEffect(() => {
    if (prevStatus.current !== status) {
      if (status === 'RUNNING') shell.play('roll');
      if (status === 'CRASHED' && prevStatus.current === 'RUNNING') shell.play(riding ? 'boom' : 'lose');
      prevStatus.current = status;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);
  // Countdown ticks for the last three seconds of betting.
  const bettingEndsAt = status === 'BETTING' ? round?.bettingEndsAt : undefined;
  useEffect(() => {
    if (bettingEndsAt === undefined) return;
    let last = -1;
    const id = setInterval(() => {
      const left = Math.ceil((parseServerTime(bettingEndsAt) - (Date.now() + table.offset)) / 1000);
      if (left !== last && left >= 1 && left <= 3) shell.play('tick', 4 - left);
      last = left;
    }, 200);
    return () => clearInterval(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bettingEndsAt, table.offset]);
  useEffect(() => {
    const c = mine?.cashedOutAt ?? 0;
    if (c && !prevCashed.current && sending !== 'cashout') shell.play('cashout');
    prevCashed.current = c;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mine?.cashedOutAt]);

  const potential = mine ? winAt(mine.amount, live) : 0;
  const money = (b: CrashBet, minor: number) => (!b.currency || b.currency === shell.currency ? shell.formatMoney(minor) : `${formatMinor(minor, shell.decimals)} ${b.currency}`);

  let note: string | undefined;
  if (mine?.cashedOutAt) note = t('crash.youCashedOut', { point: formatPoint(mine.cashedOutAt), amount: money(mine, mine.win ?? winAt(mine.amount, mine.cashedOutAt)) });
  else if (mine && status === 'CRASHED') note = t('crash.youLost', { amount: money(mine, mine.amount) });
  else if (mine && status === 'BETTING') note = t('crash.youBet', { amount: money(mine, mine.amount) });

  // The main button.
  let button: { label: string; onClick?: () => void; disabled?: boolean; variant?: 'cashout'; testId: string };
  if (!shell.token) button = { label: t('crash.loginToBet'), onClick: shell.login, disabled: !shell.login, testId: 'crash-login' };
  else if (status === 'RUNNING' && riding) {
    button = { label: t('crash.cashOut', { amount: money(mine!, potential) }), onClick: cashOut, disabled: sending === 'cashout', variant: 'cashout', testId: 'crash-cashout' };
  } else if (status === 'BETTING' && mine) button = { label: t('crash.betPlaced'), disabled: true, testId: 'crash-bet' };
  else if (status === 'BETTING') button = { label: t('crash.placeBet'), onClick: bet, disabled: !check.ok || !!sending, testId: 'crash-bet' };
  else if (queued) button = { label: t('crash.cancelQueued'), onClick: () => setQueued(false), testId: 'crash-bet' };
  else button = { label: t('crash.betNext'), onClick: () => setQueued(true), disabled: !check.ok, testId: 'crash-bet' };

  const bets = useMemo(() => sortedBets(table.bets), [table.bets]);
  const total = bets.reduce((a, b) => a + b.amount, 0);
  const lockInputs = !!sending || (status === 'BETTING' && !!mine) || riding;

  const stage = (
    <div className={s.wrap}>
      <ol className={s.history} aria-label={t('crash.history')} data-testid="crash-history">
        {table.history.map((h) => (
          <li key={String(h.id)}>
            <HistoryChip hash={h.hash} salt={table.chain?.salt} point={h.point} />
          </li>
        ))}
      </ol>
      <CrashStage table={table} reducedMotion={shell.reducedMotion} cashout={mine?.cashedOutAt || undefined} note={note} link={link} />
    </div>
  );

  const controls = (
    <>
      <BetInput value={amount} onChange={setAmount} disabled={lockInputs} />
      <div className={ls.field}>
        <label className={s.check}>
          <input type="checkbox" checked={autoOn} onChange={(e) => setAutoOn(e.target.checked)} disabled={lockInputs} data-testid="crash-auto-toggle" />
          {t('crash.autoCashout')}
        </label>
        {autoOn && (
          <>
            <div className={s.autoRow}>
              <input
                className={ls.input}
                inputMode="decimal"
                value={autoText}
                onChange={(e) => setAutoText(e.target.value)}
                disabled={lockInputs}
                aria-label={t('crash.autoTarget')}
                aria-invalid={!auto.ok || undefined}
                data-testid="crash-auto"
              />
              <span className={s.times}>×</span>
            </div>
            {!auto.ok && (
              <p className={ls.hint} data-invalid="true">
                {t(`crash.bet.${auto.error}`)}
              </p>
            )}
            {auto.ok && auto.value && <p className={ls.hint}>{t('crash.autoHint', { amount: shell.formatMoney(winAt(amount, auto.value)), point: formatPoint(auto.value) })}</p>}
          </>
        )}
      </div>
      <button
        type="button"
        className={ls.play}
        data-variant={button.variant}
        onClick={button.onClick}
        disabled={button.disabled}
        data-testid={button.testId}
        aria-live="polite"
      >
        {button.label}
      </button>
      {queued && <p className={ls.hint}>{t('crash.queuedHint')}</p>}

      <section className={s.players} aria-label={t('crash.players')}>
        <header className={s.playersHead}>
          <strong>{t('crash.players')}</strong>
          <span>{t('crash.playersSummary', { count: bets.length, amount: shell.formatMoney(total) })}</span>
        </header>
        {bets.length === 0 ? (
          <p className={s.empty}>{t('crash.noBets')}</p>
        ) : (
          <table className={s.table} data-testid="crash-players">
            <thead>
              <tr>
                <th scope="col">{t('crash.col.player')}</th>
                <th scope="col">{t('crash.col.bet')}</th>
                <th scope="col">{t('crash.col.cashout')}</th>
                <th scope="col">{t('crash.col.win')}</th>
              </tr>
            </thead>
            <tbody>
              {bets.map((b, i) => {
                const lost = !b.cashedOutAt && (b.state === 'LOST' || status === 'CRASHED');
                return (
                  <tr key={String(b.id ?? i)} data-mine={b.mine || undefined} data-state={b.cashedOutAt ? 'cashed' : lost ? 'lost' : 'riding'}>
                    <td className={s.player}>{b.mine ? t('crash.you') : b.player}</td>
                    <td>{money(b, b.amount)}</td>
                    <td>{b.cashedOutAt ? formatPoint(b.cashedOutAt) : b.autoCashout && !lost ? <span className={s.target}>{formatPoint(b.autoCashout)}</span> : '—'}</td>
                    <td>{b.cashedOutAt ? money(b, b.win ?? winAt(b.amount, b.cashedOutAt)) : lost ? '0' : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>

      {table.chain && (
        <details className={s.fair}>
          <summary>
            <ShieldCheck size={16} aria-hidden="true" /> {t('crash.fair.title')}
          </summary>
          <p>{t('crash.fair.text')}</p>
          <dl>
            <dt>{t('crash.fair.terminal')}</dt>
            <dd className={s.hash}>{table.chain.terminalHash}</dd>
            <dt>{t('crash.fair.salt')}</dt>
            <dd className={s.hash}>{table.chain.salt}</dd>
          </dl>
        </details>
      )}
    </>
  );

  return <GameLayout label={t('crash.title')} stage={stage} controls={controls} />;
}
