// /member/missionLeaderboard: the member's daily and weekly missions with
// their progress and rewards (a completed mission's reward waits in the
// reward centre), and the live leaderboards with the top places, the prizes
// and the member's own place.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CalendarClock, CheckCircle2, Medal, Target, Trophy } from 'lucide-react';
import { EmptyState, ErrorState, Skeleton, Tabs, buttonClassName } from '@/components/ui';
import { formatDateTime, formatMinor } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { leaderboardQuery, missionSummaryQuery, missionsQuery, type Board, type Mission, type MissionPeriod } from '../api/missions';
import s from './missions.module.css';

/** Formats minor units of a currency; the route passes the wallet's formatter in. */
export type FormatMoney = (minor: number, currency: string, decimals: number) => string;

const plainMoney: FormatMoney = (minor, currency, decimals) => `${currency ? currency + ' ' : ''}${formatMinor(minor, decimals)}`;

export type MissionLeaderboardProps = { formatMoney?: FormatMoney };

export function MissionLeaderboard({ formatMoney = plainMoney }: MissionLeaderboardProps) {
  const { t } = useTranslation(['missions', 'common', 'errors'], { useSuspense: true });
  const session = useSession();
  const [period, setPeriod] = useState<MissionPeriod>('daily');
  const list = useQuery(missionsQuery(session.token, period));
  const summary = useQuery(missionSummaryQuery(session.token, !session.isTrial));
  const boards = useQuery(leaderboardQuery(session.token));
  const sum = summary.data;

  return (
    <div className={s.page} data-testid="mission-leaderboard">
      <header className={s.head}>
        <span className={s.headIcon} aria-hidden="true">
          <Trophy size={22} />
        </span>
        <div className={s.headText}>
          <h1 className={s.title}>{t('missions:title')}</h1>
          <p className={s.subtitle}>{t('missions:subtitle')}</p>
        </div>
        {sum && sum.count > 0 && (
          <Link to={paths.rewardCenter} className={buttonClassName({ variant: 'primary' })} data-testid="missions-collect">
            {t('missions:collect', { n: sum.count })}
          </Link>
        )}
      </header>

      <section className={s.section} aria-labelledby="missions-heading">
        <h2 id="missions-heading" className={s.sectionTitle}>
          <Target size={18} aria-hidden="true" /> {t('missions:missions')}
        </h2>
        <Tabs
          label={t('missions:tabs.label')}
          value={period}
          onChange={(k) => setPeriod(k as MissionPeriod)}
          tabs={[
            { key: 'daily', label: sum ? `${t('missions:tabs.daily')} ${sum.dailyDone}/${sum.dailyTotal}` : t('missions:tabs.daily') },
            { key: 'weekly', label: sum ? `${t('missions:tabs.weekly')} ${sum.weeklyDone}/${sum.weeklyTotal}` : t('missions:tabs.weekly') },
          ]}
          panelClassName={s.panel}
        >
          {list.isError && !list.data ? (
            <ErrorState error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
          ) : !list.data ? (
            <ul className={s.missions} aria-busy="true">
              {[0, 1, 2].map((i) => (
                <li key={i}>
                  <Skeleton height={120} radius="card" />
                </li>
              ))}
            </ul>
          ) : list.data.list.length === 0 ? (
            <EmptyState icon={<Target size={28} strokeWidth={1.75} />} title={t('missions:empty.title')} description={t('missions:empty.body')} />
          ) : (
            <>
              <p className={s.resets}>
                <CalendarClock size={15} aria-hidden="true" />
                {t('missions:resets', { date: formatDateTime(list.data.list[0].periodEnd) })}
              </p>
              <ul className={s.missions} data-testid="mission-list">
                {list.data.list.map((m) => (
                  <MissionCard key={m.id} mission={m} money={(v) => formatMoney(v, list.data.currency, list.data.decimals)} />
                ))}
              </ul>
            </>
          )}
        </Tabs>
      </section>

      <section className={s.section} aria-labelledby="boards-heading">
        <h2 id="boards-heading" className={s.sectionTitle}>
          <Medal size={18} aria-hidden="true" /> {t('missions:leaderboards')}
        </h2>
        {boards.isError && !boards.data ? (
          <ErrorState error={boards.error} onRetry={() => void boards.refetch()} retrying={boards.isFetching} />
        ) : !boards.data ? (
          <Skeleton height={240} radius="card" />
        ) : boards.data.boards.length === 0 ? (
          <EmptyState icon={<Trophy size={28} strokeWidth={1.75} />} title={t('missions:noBoards.title')} description={t('missions:noBoards.body')} />
        ) : (
          boards.data.boards.map((b) => <BoardCard key={b.id} board={b} money={(v) => formatMoney(v, boards.data.currency, boards.data.decimals)} />)
        )}
      </section>
    </div>
  );
}

function MissionCard({ mission: m, money }: { mission: Mission; money: (minor: number) => string }) {
  const { t } = useTranslation(['missions'], { useSuspense: true });
  const id = useId();
  const amounts = m.kind === 'BET' || m.kind === 'DEPOSIT';
  const show = (v: number) => (amounts ? money(v) : String(v));
  const pct = m.target > 0 ? Math.min(100, Math.floor((m.progress * 100) / m.target)) : 0;
  return (
    <li className={s.mission} data-done={m.done || undefined} aria-labelledby={`${id}-t`} data-testid="mission-item">
      <div className={s.missionHead}>
        <div className={s.missionWho}>
          <p className={s.kindLabel}>{t(`missions:kind.${m.kind}`)}</p>
          <h3 id={`${id}-t`} className={s.missionTitle}>
            {m.title}
          </h3>
        </div>
        <div className={s.reward}>
          <span className={s.rewardAmount} dir="ltr">
            {money(m.rewardAmount)}
          </span>
          <span className={s.rewardKind} data-kind={m.rewardKind}>
            {t(`missions:rewardKind.${m.rewardKind}`)}
          </span>
        </div>
      </div>
      <div
        className={s.bar}
        role="progressbar"
        aria-label={t('missions:progressLabel', { title: m.title })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={t('missions:progressText', { done: show(m.progress), target: show(m.target) })}
      >
        <span className={s.fill} style={{ width: `${pct}%` }} />
      </div>
      <div className={s.missionFoot}>
        <span className={s.count} dir="ltr" data-testid="mission-progress">
          {show(m.progress)} / {show(m.target)}
        </span>
        {m.done ? (
          <span className={s.done} data-testid="mission-done">
            <CheckCircle2 size={16} aria-hidden="true" /> {t('missions:done')}
          </span>
        ) : (
          <span className={s.pending}>{t('missions:inProgress')}</span>
        )}
      </div>
      {m.done && (
        <p className={s.doneNote}>
          {t('missions:doneNote')}{' '}
          <Link to={paths.rewardCenter} className={s.link}>
            {t('missions:toRewardCentre')}
          </Link>
        </p>
      )}
    </li>
  );
}

function BoardCard({ board: b, money }: { board: Board; money: (minor: number) => string }) {
  const { t } = useTranslation(['missions'], { useSuspense: true });
  const id = useId();
  const score = (v: number) => (b.metric === 'MULTIPLIER' ? `${formatMinor(v, 2)}×` : money(v));
  const meShown = b.me && !b.entries.some((e) => e.me);
  return (
    <article className={s.board} aria-labelledby={`${id}-b`} data-testid="leaderboard">
      <header className={s.boardHead}>
        <div className={s.missionWho}>
          <p className={s.kindLabel}>{t(`missions:metric.${b.metric}`)}</p>
          <h3 id={`${id}-b`} className={s.boardTitle}>
            {b.title}
          </h3>
        </div>
        <dl className={s.facts}>
          <div>
            <dt>{t('missions:pool')}</dt>
            <dd dir="ltr" data-testid="leaderboard-pool">
              {money(b.pool)}
            </dd>
          </div>
          <div>
            <dt>{t('missions:firstPrize')}</dt>
            <dd dir="ltr">{money(b.prizes[0] ?? 0)}</dd>
          </div>
          <div>
            <dt>{t('missions:places')}</dt>
            <dd>{b.prizes.length}</dd>
          </div>
          {b.minBet > 0 && (
            <div>
              <dt>{t('missions:minBet')}</dt>
              <dd dir="ltr">{money(b.minBet)}</dd>
            </div>
          )}
          <div>
            <dt>{t('missions:ends')}</dt>
            <dd>{formatDateTime(b.periodEnd)}</dd>
          </div>
        </dl>
      </header>
      <p className={s.myRank} data-testid="leaderboard-me">
        {b.me ? t('missions:myRank', { rank: b.me.rank, score: score(b.me.score), n: b.participants }) : t('missions:notRanked')}
      </p>
      {b.entries.length === 0 ? (
        <p className={s.muted}>{t('missions:noEntries')}</p>
      ) : (
        <div className={s.tableWrap}>
          <table className={s.table}>
            <caption className={s.srOnly}>{t('missions:standings', { title: b.title })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('missions:col.rank')}</th>
                <th scope="col">{t('missions:col.player')}</th>
                <th scope="col">{t(`missions:col.${b.metric}`)}</th>
                <th scope="col">{t('missions:col.prize')}</th>
              </tr>
            </thead>
            <tbody>
              {b.entries.map((e) => (
                <tr key={e.rank} data-me={e.me || undefined}>
                  <td>{e.rank}</td>
                  <td dir="ltr">{e.me ? t('missions:you', { name: e.name }) : e.name}</td>
                  <td dir="ltr">{score(e.score)}</td>
                  <td dir="ltr">{e.prize > 0 ? money(e.prize) : '—'}</td>
                </tr>
              ))}
              {meShown && b.me && (
                <tr data-me>
                  <td>{b.me.rank}</td>
                  <td dir="ltr">{t('missions:you', { name: b.me.name })}</td>
                  <td dir="ltr">{score(b.me.score)}</td>
                  <td dir="ltr">{b.me.prize > 0 ? money(b.me.prize) : '—'}</td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
