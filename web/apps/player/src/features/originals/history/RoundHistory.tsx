// Recall: the member's last rounds of the originals (newest first, paged,
// filtered by game) with inputs, outcome, win and fair data; each round can be
// replayed (the game's own animation from the stored outcome) and verified.
import { Suspense, lazy, useMemo, useState, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Play, ShieldCheck } from 'lucide-react';
import { EmptyState, ErrorState, Pager, Skeleton, Spinner, buttonClassName } from '@/components/ui';
import { formatDateTime, formatMinor } from '@/lib/format';
import { GAME_SLUGS, HISTORY_PAGE_SIZE, roundsQuery, type GameSlug, type Round } from '../api';
import { GameArt } from '../shell/GameArt';
import { formatMultiplier } from '../shell/money';
import { replayComponent, type ReplayProps } from '../shell/registry';
import { verifyQueryOf } from '../verify/query';
import { useVerifyLink } from '../verify/link';
import { formatRoll } from '../dice/format';
import s from './History.module.css';

export type RoundHistoryProps = {
  token: string;
  initialGame?: GameSlug | '';
};

export function RoundHistory({ token, initialGame = '' }: RoundHistoryProps) {
  const { t } = useTranslation('originals');
  const [game, setGame] = useState<GameSlug | ''>(initialGame);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const q = useQuery(roundsQuery(token, game, page));
  const totalPages = Math.max(1, Math.ceil((q.data?.total ?? 0) / HISTORY_PAGE_SIZE));
  return (
    <div className={s.history} data-testid="round-history">
      <div className={s.filters} role="group" aria-label={t('history.filter')}>
        {(['', ...GAME_SLUGS] as const).map((g) => (
          <button
            key={g || 'all'}
            type="button"
            className={s.filter}
            aria-pressed={game === g}
            onClick={() => {
              setGame(g);
              setPage(1);
            }}
          >
            {g ? t(`games.${g}.short`) : t('history.all')}
          </button>
        ))}
      </div>
      {q.isPending ? (
        <div className={s.list}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={58} radius="card" />
          ))}
        </div>
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.list.length === 0 ? (
        <EmptyState title={t('history.empty')} description={t('history.emptyHint')} />
      ) : (
        <ul className={s.list}>
          {q.data.list.map((r) => (
            <RoundRow key={String(r.id)} round={r} open={open === String(r.id)} onToggle={() => setOpen((o) => (o === String(r.id) ? null : String(r.id)))} />
          ))}
        </ul>
      )}
      <Pager page={page} totalPages={totalPages} onChange={setPage} />
    </div>
  );
}

function RoundRow({ round, open, onToggle }: { round: Round; open: boolean; onToggle: () => void }) {
  const verifyLink = useVerifyLink(verifyQueryOf(round));
  const { t } = useTranslation('originals');
  const id = `round-${round.id}`;
  // Crash rounds come from the shared hash chain (no seed pair): the round's hash, revealed when it crashed, verifies it.
  const crashHash = round.game === 'crash' && typeof round.outcome.hash === 'string' ? round.outcome.hash : '';
  const revealed = round.game === 'crash' ? !!crashHash : !!round.fair.serverSeed;
  const cancelled = round.status === 'CANCELLED';
  const won = !cancelled && round.win > 0;
  return (
    <li className={s.item} data-testid="history-round" data-game={round.game} data-round={String(round.id)}>
      <button type="button" className={s.summary} aria-expanded={open} aria-controls={id} onClick={onToggle}>
        <GameArt game={round.game} className={s.art} />
        <span className={s.main}>
          <span className={s.name}>{t(`games.${round.game}.short`)}</span>
          <span className={s.when}>{formatDateTime(round.createdAt)}</span>
        </span>
        <span className={s.outcome}>{outcomeSummary(t, round)}</span>
        <span className={s.money}>
          <span className={s.bet}>{formatMinor(round.amount)}</span>
          <span className={s.win} data-won={won || undefined} data-cancelled={cancelled || undefined} data-testid="history-result">
            {round.status === 'OPEN' ? t('history.open') : cancelled ? t('history.cancelled') : won ? `+${formatMinor(round.win)}` : formatMinor(0)}
          </span>
        </span>
        <ChevronDown size={18} aria-hidden="true" className={s.chev} data-open={open || undefined} />
      </button>
      {open && (
        <div id={id} className={s.details}>
          <dl className={s.facts}>
            <Fact label={t('history.roundId')} value={String(round.id)} />
            <Fact label={t('history.status')} value={statusLabel(t, round)} />
            <Fact label={t('history.bet')} value={`${formatMinor(round.amount)} ${round.currency}`} />
            {!cancelled && <Fact label={t('game.multiplier')} value={formatMultiplier(round.multiplier)} />}
            {!cancelled && <Fact label={t('history.win')} value={`${formatMinor(round.win)} ${round.currency}`} />}
            <Fact label={t('history.inputs')} value={paramsSummary(t, round)} />
            {round.game === 'crash' ? (
              <Fact label={t('verify.roundHash')} value={crashHash || t('history.notRevealed')} mono={!!crashHash} />
            ) : (
              <>
                <Fact label={t('seeds.serverSeedHash')} value={round.fair.serverSeedHash} mono />
                <Fact label={t('seeds.serverSeed')} value={revealed ? round.fair.serverSeed : t('history.notRevealed')} mono={revealed} />
                <Fact label={t('seeds.clientSeed')} value={round.fair.clientSeed} mono />
                <Fact label={t('seeds.nonce')} value={String(round.fair.nonce)} mono />
              </>
            )}
          </dl>
          {cancelled && <p className={s.note}>{t('history.cancelledNote')}</p>}
          <RoundReplay round={round} />
          <div className={s.actions}>
            {revealed ? (
              <a className={buttonClassName({ variant: 'outline', size: 'sm' })} {...verifyLink} data-testid="history-verify">
                <ShieldCheck size={16} aria-hidden="true" /> {t('history.verify')}
              </a>
            ) : (
              <p className={s.note}>{t('history.rotateToVerify')}</p>
            )}
          </div>
        </div>
      )}
    </li>
  );
}

function Fact({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className={s.fact}>
      <dt>{label}</dt>
      <dd className={mono ? s.mono : undefined}>{value}</dd>
    </div>
  );
}

const replays = new Map<string, ComponentType<ReplayProps>>();
function replayOf(game: GameSlug): ComponentType<ReplayProps> {
  let c = replays.get(game);
  if (!c) {
    c = lazy(async () => ({ default: (await replayComponent(game)) ?? NoReplay }));
    replays.set(game, c);
  }
  return c;
}
function NoReplay() {
  const { t } = useTranslation('originals');
  return <p>{t('history.noReplay')}</p>;
}

function RoundReplay({ round }: { round: Round }) {
  const { t } = useTranslation('originals');
  const [on, setOn] = useState(false);
  const Replay = useMemo(() => replayOf(round.game), [round.game]);
  // A cancelled round was never played out for money: no replay of a result that was not paid.
  if ((round.status === 'OPEN' && round.game !== 'mines') || round.status === 'CANCELLED') return null;
  if (!on)
    return (
      <button type="button" className={buttonClassName({ variant: 'secondary', size: 'sm' })} onClick={() => setOn(true)} data-testid="history-replay">
        <Play size={16} aria-hidden="true" /> {t('history.replay')}
      </button>
    );
  return (
    <div className={s.replay} data-testid="history-replay-stage">
      <Suspense fallback={<Spinner size={24} />}>
        <Replay round={round} />
      </Suspense>
    </div>
  );
}

type T = (key: string, opts?: Record<string, unknown>) => string;

function statusLabel(t: T, r: Round): string {
  return r.status === 'OPEN' ? t('history.open') : r.status === 'CANCELLED' ? t('history.cancelled') : t('history.settled');
}

export function paramsSummary(t: T, r: Round): string {
  const p = r.params as Record<string, unknown>;
  switch (r.game) {
    case 'dice':
      return t(p.over ? 'history.diceOver' : 'history.diceUnder', { target: formatRoll(Number(p.target)) });
    case 'plinko':
      return t('history.plinkoParams', { rows: p.rows, risk: t(`plinko.risks.${String(p.risk)}`) });
    case 'mines':
      return t('history.minesParams', { size: p.size, mines: p.mines });
    case 'slot':
      return t('history.slotParams', { profile: String(p.profile ?? '') });
    default:
      return '—';
  }
}

export function outcomeSummary(t: T, r: Round): string {
  const o = r.outcome as Record<string, unknown>;
  switch (r.game) {
    case 'dice':
      return typeof o.roll === 'number' ? formatRoll(o.roll) : '—';
    case 'plinko':
      return formatMultiplier(r.multiplier);
    case 'mines':
      return o.busted ? t('history.busted') : t('history.gems', { count: Array.isArray(o.revealed) ? o.revealed.length : 0 });
    case 'slot':
      return t('history.spins', { count: Array.isArray(o.spins) ? o.spins.length : 0 });
    case 'crash':
      return typeof o.point === 'number' ? `${formatMinor(o.point)}×` : '—';
  }
}
