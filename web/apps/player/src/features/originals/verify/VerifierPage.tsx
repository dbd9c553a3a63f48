// The in-browser verifier: enter (or arrive with) a round's revealed server
// seed, client seed, nonce and inputs; the page recomputes the outcome with
// WebCrypto exactly as the server did and checks the commitment shown before
// play. Nothing is sent anywhere.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui';
import { usePrefersReducedMotion } from '@/lib/motion';
import { configQuery, crashSaltQuery, GAME_SLUGS, PLINKO_RISKS, type GameSlug, type PlinkoRisk } from '../api';
import { formatRoll } from '../dice/format';
import { MinesBoard, tileStates } from '../mines/MinesBoard';
import { PlinkoBoard } from '../plinko/PlinkoBoard';
import { GameArt } from '../shell/GameArt';
import { formatMultiplier } from '../shell/money';
import { normaliseConfig, type SlotConfigRaw } from '../slot/model';
import { verifyInputOf } from './query';
import { recomputedOf, verifyRound, type VerifyInput, type VerifyResult } from './verify';
import s from './Verifier.module.css';

/** The page for a query string (/originals/verify?game=…): prefilled, and run at once when a round's seeds are given. */
export function VerifierFromQuery({ query }: { query: string }) {
  const q = new URLSearchParams(query);
  return (
    <VerifierPage initial={verifyInputOf(q)} expected={q.get('expect') ?? ''} autoRun={!!(q.get('serverSeed') || q.get('hash'))} cancelled={q.get('cancelled') === '1'} />
  );
}

/** cancelled: the round came from recall as CANCELLED (its bet refunded): its draw paid nothing. */
export type VerifierPageProps = { initial: VerifyInput; expected?: string; autoRun?: boolean; cancelled?: boolean };

export function VerifierPage({ initial, expected = '', autoRun = false, cancelled = false }: VerifierPageProps) {
  const { t } = useTranslation('originals', { useSuspense: true });
  const config = useQuery(configQuery());
  const [form, setForm] = useState<VerifyInput>(initial);
  const [result, setResult] = useState<VerifyResult | null>(null);
  const [checkedExpected, setCheckedExpected] = useState(expected);
  const [fromCancelled, setFromCancelled] = useState(cancelled);
  const [running, setRunning] = useState(false);
  const id = useId();
  const set = <K extends keyof VerifyInput>(k: K, v: VerifyInput[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    // The recorded outcome (from recall) stays the reference while the values are edited; another game drops it.
    if (k === 'game') {
      setCheckedExpected('');
      setFromCancelled(false);
    }
  };
  const needsConfig = form.game === 'slot' || form.game === 'plinko';
  // Crash: the chain's public salt is published with the game's state; fill it in when missing.
  const crashSalt = useQuery(crashSaltQuery(form.game === 'crash' && !form.salt));
  useEffect(() => {
    if (form.game === 'crash' && !form.salt && crashSalt.data) setForm((f) => ({ ...f, salt: crashSalt.data }));
  }, [form.game, form.salt, crashSalt.data]);

  const run = async (input = form) => {
    setRunning(true);
    try {
      setResult(await verifyRound(input, { tables: config.data?.plinko?.tables, slot: config.data?.slot ? normaliseConfig(config.data.slot as SlotConfigRaw) : undefined }));
    } catch {
      setResult({ ok: false, problem: 'params' });
    } finally {
      setRunning(false);
    }
  };

  const waitingSalt = initial.game === 'crash' && !initial.salt && crashSalt.isPending;
  useEffect(() => {
    if (!autoRun || waitingSalt || (needsConfig && !config.data && !config.isError)) return;
    void run(initial.game === 'crash' && !initial.salt ? { ...initial, salt: crashSalt.data ?? '' } : initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoRun, config.data, config.isError, waitingSalt]);

  const field = (key: keyof VerifyInput, label: string, extra?: { mono?: boolean; placeholder?: string; type?: string }) => (
    <div className={s.field}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        className={[s.input, extra?.mono ? s.mono : ''].join(' ')}
        value={String(form[key] ?? '')}
        spellCheck={false}
        autoComplete="off"
        placeholder={extra?.placeholder}
        inputMode={extra?.type === 'number' ? 'numeric' : undefined}
        onChange={(e) => set(key, (extra?.type === 'number' ? (e.target.value === '' ? undefined : Number(e.target.value)) : e.target.value) as never)}
        data-testid={`verify-${key}`}
      />
    </div>
  );

  return (
    <div className={s.page}>
      <header className={s.head}>
        <ShieldCheck size={32} aria-hidden="true" className={s.headIcon} />
        <div>
          <h1 className={s.title}>{t('verify.title')}</h1>
          <p className={s.lead}>{t('verify.lead')}</p>
        </div>
      </header>
      <div className={s.cols}>
        <form
          className={s.form}
          onSubmit={(e) => {
            e.preventDefault();
            void run();
          }}
        >
          <div className={s.games} role="radiogroup" aria-label={t('verify.game')}>
            {GAME_SLUGS.map((g) => (
              <button key={g} type="button" role="radio" aria-checked={form.game === g} className={s.game} onClick={() => set('game', g as GameSlug)} data-testid={`verify-game-${g}`}>
                <GameArt game={g} className={s.gameArt} />
                <span>{t(`games.${g}.short`)}</span>
              </button>
            ))}
          </div>
          {form.game === 'crash' ? (
            <>
              {field('hash', t('verify.roundHash'), { mono: true })}
              {field('salt', t('verify.salt'), { mono: true })}
              {field('nextHash', t('verify.nextHash'), { mono: true })}
            </>
          ) : (
            <>
              {field('serverSeed', t('seeds.serverSeed'), { mono: true, placeholder: t('verify.serverSeedHint') })}
              {field('serverSeedHash', t('verify.commitment'), { mono: true, placeholder: t('verify.commitmentHint') })}
              {field('clientSeed', t('seeds.clientSeed'), { mono: true })}
              {field('nonce', t('seeds.nonce'), { mono: true })}
            </>
          )}
          {form.game === 'dice' && (
            <div className={s.pair}>
              {field('target', t('verify.target'), { type: 'number' })}
              <div className={s.field}>
                <label htmlFor={`${id}-over`}>{t('dice.direction')}</label>
                <select id={`${id}-over`} className={s.input} value={form.over ? 'over' : 'under'} onChange={(e) => set('over', e.target.value === 'over')}>
                  <option value="under">{t('dice.under')}</option>
                  <option value="over">{t('dice.over')}</option>
                </select>
              </div>
            </div>
          )}
          {form.game === 'plinko' && (
            <div className={s.pair}>
              {field('rows', t('plinko.rows'), { type: 'number' })}
              <div className={s.field}>
                <label htmlFor={`${id}-risk`}>{t('plinko.risk')}</label>
                <select id={`${id}-risk`} className={s.input} value={form.risk} onChange={(e) => set('risk', e.target.value as PlinkoRisk)}>
                  {PLINKO_RISKS.map((r) => (
                    <option key={r} value={r}>
                      {t(`plinko.risks.${r}`)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          )}
          {form.game === 'mines' && (
            <div className={s.pair}>
              {field('size', t('mines.size'), { type: 'number' })}
              {field('mines', t('mines.mines'), { type: 'number' })}
            </div>
          )}
          <Button type="submit" size="lg" loading={running} data-testid="verify-run" icon={<ShieldCheck size={18} aria-hidden="true" />}>
            {t('verify.run')}
          </Button>
          <details className={s.how}>
            <summary>{t('verify.howTitle')}</summary>
            <ol>
              <li>{t('verify.how1')}</li>
              <li>{t('verify.how2')}</li>
              <li>{t('verify.how3')}</li>
              <li>{t('verify.how4')}</li>
            </ol>
          </details>
        </form>
        <section className={s.result} aria-live="polite" aria-label={t('verify.result')} data-has-result={result ? true : undefined}>
          {result ? <ResultView result={result} expected={checkedExpected} cancelled={fromCancelled} /> : <p className={s.placeholder}>{t('verify.empty')}</p>}
        </section>
      </div>
    </div>
  );
}

function Check({ ok, children, testId }: { ok: boolean; children: ReactNode; testId?: string }) {
  return (
    <p className={s.check} data-ok={ok} data-testid={testId}>
      {ok ? <CircleCheck size={20} aria-hidden="true" /> : <CircleX size={20} aria-hidden="true" />}
      <span>{children}</span>
    </p>
  );
}

function ResultView({ result, expected, cancelled }: { result: VerifyResult; expected: string; cancelled: boolean }) {
  const { t } = useTranslation('originals');
  const reduced = usePrefersReducedMotion();
  if (!result.ok) {
    return (
      <p className={s.problem} role="alert" data-testid="verify-problem">
        {t(`verify.problems.${result.problem}`)}
      </p>
    );
  }
  const recomputed = recomputedOf(result);
  const outcomeMatches = expected ? expected === recomputed : null;
  const commitOk = result.commitment.matches;
  // Verified: a proof held (the commitment, the chain link or the recorded outcome) and none failed;
  // nothing to compare with: only recomputed.
  const checks = result.game === 'crash' ? [result.crash?.chainLink ?? null] : [commitOk, outcomeMatches];
  const verdict = checks.includes(false) ? 'failed' : checks.includes(true) ? 'verified' : 'recomputed';
  return (
    <div className={s.resultBody}>
      <div className={s.verdict} data-ok={verdict === 'verified' ? true : verdict === 'failed' ? false : undefined} data-testid="verify-status">
        {verdict === 'failed' ? <CircleX size={28} aria-hidden="true" /> : <CircleCheck size={28} aria-hidden="true" />}
        <strong>{t(`verify.${verdict}`)}</strong>
      </div>
      {result.game !== 'crash' && (
        <>
          {commitOk === null ? (
            <p className={s.note}>{t('verify.noCommitment')}</p>
          ) : (
            <Check ok={commitOk} testId="verify-commitment">
              {commitOk ? t('verify.commitmentOk') : t('verify.commitmentBad')}
            </Check>
          )}
          {outcomeMatches !== null && (
            <Check ok={outcomeMatches} testId="verify-outcome-match">
              {outcomeMatches ? t('verify.outcomeOk') : t('verify.outcomeBad')}
            </Check>
          )}
          <div className={s.kv}>
            <span>{t('verify.sha256')}</span>
            <code>{result.commitment.computed}</code>
          </div>
          {result.bytes && (
            <div className={s.kv}>
              <span>{t('verify.bytes')}</span>
              <code>{result.bytes}</code>
            </div>
          )}
        </>
      )}
      {cancelled && (
        <p className={s.note} data-testid="verify-cancelled">
          {t('verify.cancelled')}
        </p>
      )}
      {result.dice && (
        <div className={s.big} data-testid="verify-outcome">
          <span className={s.bigValue}>{formatRoll(result.dice.roll)}</span>
          <span>{cancelled ? t('history.cancelled') : `${result.dice.win ? t('dice.won') : t('dice.lost')} · ${formatMultiplier(result.dice.multiplier)}`}</span>
        </div>
      )}
      {result.plinko && (
        <div className={s.board} data-testid="verify-outcome">
          <p>
            {t('verify.plinkoResult', { bucket: result.plinko.bucket })}
            {cancelled ? ` · ${t('history.cancelled')}` : result.plinko.multiplier !== null && ` · ${formatMultiplier(result.plinko.multiplier)}`}
          </p>
          <PlinkoBoard
            rows={result.plinko.path.length}
            table={result.plinko.table ?? Array.from({ length: result.plinko.path.length + 1 }, () => 0)}
            balls={[]}
            lit={{ bucket: result.plinko.bucket, key: 1 }}
            reducedMotion={reduced}
            label={t('verify.plinkoResult', { bucket: result.plinko.bucket })}
          />
          <p className={s.path}>{result.plinko.path.map((r) => (r ? '→' : '←')).join(' ')}</p>
        </div>
      )}
      {result.mines && (
        <div className={s.board} data-testid="verify-outcome">
          <p>{t('verify.minesResult', { tiles: result.mines.mines.map((m) => m + 1).join(', ') })}</p>
          <div className={s.minesWrap}>
            <MinesBoard size={result.mines.size} tiles={tileStates(result.mines.size, [], result.mines.mines, false).map((x) => (x === 'mine-dim' ? 'mine' : x))} playable={false} reducedMotion />
          </div>
        </div>
      )}
      {result.slot && (
        <div className={s.board} data-testid="verify-outcome">
          <p>
            {t('verify.spins')}: {result.slot.spins.length} · {formatMultiplier(result.slot.multiplier)}
          </p>
          {result.slot.spins.map((sp, i) => (
            <div key={i} className={s.kv}>
              <span>
                {i === 0 ? t('verify.baseSpin') : t('verify.freeSpin', { n: i })} · {formatMultiplier(sp.multiplier)}
              </span>
              <code>
                {t('verify.stops')}: {sp.stops.join(', ')} — {[0, 1, 2].map((row) => sp.grid.map((reel) => reel[row]).join(' ')).join(' / ')}
              </code>
            </div>
          ))}
        </div>
      )}
      {result.crash && (
        <div className={s.big} data-testid="verify-outcome">
          <span className={s.bigValue}>{(result.crash.point / 100).toFixed(2)}×</span>
          {result.crash.chainLink !== null ? (
            <Check ok={result.crash.chainLink}>{result.crash.chainLink ? t('verify.chainOk') : t('verify.chainBad')}</Check>
          ) : (
            <p className={s.note}>{t('verify.chainHint')}</p>
          )}
        </div>
      )}
    </div>
  );
}
