// Missions and leaderboards: the missions and the boards with their terms
// and schedule; create and edit them in a dialog, pause and resume them
// (rewards.write), and see a board's standings in its current period.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DataTable, Dialog, EmptyState, SelectField, Spinner, Tabs, TextField, useToast, type Column } from '@palaro/ui';
import { formatMinor } from '@palaro/api/src/money';
import { formatDateTime } from '@/lib/format';
import { errorText } from '@/lib/errors';
import { tableLabels } from '@/components/ui/labels';
import { PageHeader } from '@/components/ui/PageHeader';
import { QueryError } from '@/components/ui/QueryError';
import { boardBody, boardsQuery, missionBody, missionsQuery, MISSIONS_KEY, saveBoard, saveMission, standingsQuery, toInput, type Board, type Mission } from '../api/missions';
import { boardDefaults, boardSchema, fromEpoch, missionDefaults, missionSchema, PRIZES_MAX, ROUNDS_MAX, TITLE_MAX, toBoardBody, toMissionBody, WAGER_MAX, type BoardForm, type MissionForm } from '../api/schemas';
import s from './Missions.module.css';

export const NS = 'console-missions';

export function MissionsScreen({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const [tab, setTab] = useState('missions');
  return (
    <>
      <PageHeader title={t('screen.title')} intro={t('screen.intro')} />
      <Tabs
        label={t('screen.title')}
        value={tab}
        onChange={setTab}
        tabs={[
          { key: 'missions', label: t('tabs.missions') },
          { key: 'boards', label: t('tabs.boards') },
        ]}
        panelClassName={s.panel}
      >
        {tab === 'missions' ? <Missions canWrite={canWrite} /> : <Boards canWrite={canWrite} />}
      </Tabs>
    </>
  );
}

function Schedule({ from, to }: { from: number; to: number }) {
  const { t } = useTranslation(NS);
  return <span className={s.muted}>{t('schedule.range', { from: from ? formatDateTime(from) : t('schedule.open'), to: to ? formatDateTime(to) : t('schedule.open') })}</span>;
}

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation(NS);
  return <span className={[s.badge, status === 'ACTIVE' ? s.ok : s.paused].join(' ')}>{t(`status.${status}`)}</span>;
}

function Missions({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const qc = useQueryClient();
  const q = useQuery(missionsQuery());
  const [editing, setEditing] = useState<Mission | 'new' | null>(null);
  if (q.isPending) return <Spinner label={tc('common.loading')} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  const { items, currency, decimals } = q.data;
  const money = (v: number) => `${formatMinor(v, decimals)} ${currency}`;
  const toggle = async (m: Mission) => {
    try {
      await saveMission(m.id, { ...missionBody(m, decimals), status: m.status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE' });
      toast('success', m.status === 'ACTIVE' ? t('paused', { title: m.titleEN }) : t('resumed', { title: m.titleEN }));
      await qc.invalidateQueries({ queryKey: MISSIONS_KEY });
    } catch (e) {
      toast('error', errorText(t, e));
    }
  };
  const columns: Column<Mission>[] = [
    { key: 'title', header: t('col.title'), cell: (m) => <strong>{m.titleEN}</strong> },
    { key: 'period', header: t('col.period'), cell: (m) => t(`period.${m.period}`), nowrap: true },
    {
      key: 'asks',
      header: t('col.asks'),
      cell: (m) =>
        t(`kind.${m.kind}`, {
          target: m.kind === 'BET' || m.kind === 'DEPOSIT' ? money(m.target) : m.target,
          where: m.game || m.category || t('any'),
        }),
    },
    { key: 'reward', header: t('col.reward'), cell: (m) => `${money(m.rewardAmount)} ${t(`rewardKind.${m.rewardKind}`)}`, nowrap: true },
    { key: 'schedule', header: t('col.schedule'), cell: (m) => <Schedule from={m.startsAt} to={m.endsAt} /> },
    { key: 'status', header: t('col.status'), cell: (m) => <StatusBadge status={m.status} /> },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      header: t('col.actions'),
      nowrap: true,
      cell: (m) => (
        <div className={s.actions}>
          <Button size="sm" variant="secondary" onClick={() => setEditing(m)} aria-label={t('editOf', { title: m.titleEN })}>
            {t('edit')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => void toggle(m)} aria-label={t(m.status === 'ACTIVE' ? 'pauseOf' : 'resumeOf', { title: m.titleEN })}>
            {m.status === 'ACTIVE' ? t('pause') : t('resume')}
          </Button>
        </div>
      ),
    });
  return (
    <div className={s.stack}>
      {canWrite && (
        <div className={s.bar}>
          <Button onClick={() => setEditing('new')}>{t('newMission')}</Button>
        </div>
      )}
      <DataTable caption={t('missionsCaption')} columns={columns} rows={items} rowKey={(m) => m.id} labels={tableLabels(tc)} empty={<EmptyState compact title={t('noMissions')} />} />
      {editing && (
        <MissionDialog
          mission={editing === 'new' ? null : editing}
          currency={currency}
          decimals={decimals}
          onClose={() => setEditing(null)}
          onDone={() => qc.invalidateQueries({ queryKey: MISSIONS_KEY })}
        />
      )}
    </div>
  );
}

function MissionDialog(p: { mission: Mission | null; currency: string; decimals: number; onClose: () => void; onDone: () => unknown }) {
  const { t } = useTranslation(NS);
  const { toast } = useToast();
  const [error, setError] = useState('');
  const m = p.mission;
  const initial: MissionForm = m
    ? { ...missionDefaults, ...missionBody(m, p.decimals), wagerMultiple: String(m.wagerMultiple), startsAt: fromEpoch(m.startsAt), endsAt: fromEpoch(m.endsAt) }
    : missionDefaults;
  const form = useForm<MissionForm>({ resolver: zodResolver(missionSchema(p.decimals)), defaultValues: initial });
  const kind = form.watch('kind');
  const rewardKind = form.watch('rewardKind');
  const submit = form.handleSubmit(async (v) => {
    setError('');
    try {
      await saveMission(m?.id ?? null, toMissionBody(v, m?.sort ?? 0));
      toast('success', t('saved', { title: v.titleEN.trim() }));
      p.onClose();
      await p.onDone();
    } catch (e) {
      setError(errorText(t, e));
    }
  });
  const err = form.formState.errors;
  const msg = (x?: string) => x && t(x, { max: TITLE_MAX, rounds: ROUNDS_MAX, prizes: PRIZES_MAX, wager: WAGER_MAX, decimals: p.decimals });
  const money = kind === 'BET' || kind === 'DEPOSIT';
  return (
    <Dialog
      open
      onClose={p.onClose}
      title={m ? t('editMission') : t('newMission')}
      closeLabel={t('close')}
      footer={
        <div className={s.buttons}>
          <Button variant="ghost" onClick={p.onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="mission-form" loading={form.formState.isSubmitting}>
            {t('save')}
          </Button>
        </div>
      }
    >
      <form id="mission-form" className={s.stack} noValidate onSubmit={submit}>
        <TextField label={t('f.titleEN')} autoComplete="off" error={msg(err.titleEN?.message)} {...form.register('titleEN')} />
        <TextField label={t('f.titleTY')} autoComplete="off" error={msg(err.titleTY?.message)} {...form.register('titleTY')} />
        <div className={s.row}>
          <SelectField label={t('f.period')} {...form.register('period')}>
            <option value="DAILY">{t('period.DAILY')}</option>
            <option value="WEEKLY">{t('period.WEEKLY')}</option>
          </SelectField>
          <SelectField label={t('f.kind')} {...form.register('kind')}>
            {(['BET', 'ROUNDS', 'DEPOSIT', 'LOGIN'] as const).map((k) => (
              <option key={k} value={k}>
                {t(`kindName.${k}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className={s.row}>
          <TextField
            label={money ? t('f.targetAmount', { currency: p.currency }) : kind === 'LOGIN' ? t('f.targetDays') : t('f.targetRounds')}
            inputMode={money ? 'decimal' : 'numeric'}
            autoComplete="off"
            error={msg(err.target?.message)}
            {...form.register('target')}
          />
          {(kind === 'BET' || kind === 'ROUNDS') && <TextField label={t('f.category')} hint={t('f.categoryHint')} autoComplete="off" error={msg(err.category?.message)} {...form.register('category')} />}
          {kind === 'ROUNDS' && <TextField label={t('f.game')} hint={t('f.gameHint')} autoComplete="off" error={msg(err.game?.message)} {...form.register('game')} />}
        </div>
        <div className={s.row}>
          <TextField label={t('f.reward', { currency: p.currency })} inputMode="decimal" autoComplete="off" error={msg(err.rewardAmount?.message)} {...form.register('rewardAmount')} />
          <SelectField label={t('f.rewardKind')} {...form.register('rewardKind')}>
            <option value="CASH">{t('rewardKind.CASH')}</option>
            <option value="BONUS">{t('rewardKind.BONUS')}</option>
          </SelectField>
          {rewardKind === 'BONUS' && <TextField label={t('f.wager')} inputMode="numeric" autoComplete="off" error={msg(err.wagerMultiple?.message)} {...form.register('wagerMultiple')} />}
        </div>
        <div className={s.row}>
          <TextField type="datetime-local" label={t('f.startsAt')} hint={t('f.openHint')} error={msg(err.startsAt?.message)} {...form.register('startsAt')} />
          <TextField type="datetime-local" label={t('f.endsAt')} hint={t('f.openHint')} error={msg(err.endsAt?.message)} {...form.register('endsAt')} />
          <SelectField label={t('f.status')} {...form.register('status')}>
            <option value="ACTIVE">{t('status.ACTIVE')}</option>
            <option value="PAUSED">{t('status.PAUSED')}</option>
          </SelectField>
        </div>
        {error && (
          <p role="alert" className={s.formError}>
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}

function Boards({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const qc = useQueryClient();
  const q = useQuery(boardsQuery());
  const [editing, setEditing] = useState<Board | 'new' | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  if (q.isPending) return <Spinner label={tc('common.loading')} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  const { items, currency, decimals } = q.data;
  const money = (v: number) => `${formatMinor(v, decimals)} ${currency}`;
  const toggle = async (b: Board) => {
    try {
      await saveBoard(b.id, { ...boardBody(b, decimals), status: b.status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE' });
      toast('success', b.status === 'ACTIVE' ? t('paused', { title: b.titleEN }) : t('resumed', { title: b.titleEN }));
      await qc.invalidateQueries({ queryKey: MISSIONS_KEY });
    } catch (e) {
      toast('error', errorText(t, e));
    }
  };
  const columns: Column<Board>[] = [
    { key: 'title', header: t('col.title'), cell: (b) => <strong>{b.titleEN}</strong> },
    { key: 'period', header: t('col.period'), cell: (b) => t(`period.${b.period}`), nowrap: true },
    { key: 'metric', header: t('col.metric'), cell: (b) => `${t(`metric.${b.metric}`)} · ${b.category || t('any')}${b.minBet ? ` · ${t('minBetShort', { amount: money(b.minBet) })}` : ''}` },
    { key: 'prizes', header: t('col.prizes'), cell: (b) => t('prizesValue', { n: b.prizes.length, pool: money(b.prizes.reduce((a, x) => a + x, 0)), first: money(b.prizes[0] ?? 0) }) },
    { key: 'schedule', header: t('col.schedule'), cell: (b) => <Schedule from={b.startsAt} to={b.endsAt} /> },
    { key: 'status', header: t('col.status'), cell: (b) => <StatusBadge status={b.status} /> },
    {
      key: 'actions',
      header: t('col.actions'),
      nowrap: true,
      cell: (b) => (
        <div className={s.actions}>
          <Button size="sm" variant="secondary" onClick={() => setShown(b.id)} aria-label={t('standingsOf', { title: b.titleEN })}>
            {t('standings')}
          </Button>
          {canWrite && (
            <>
              <Button size="sm" variant="secondary" onClick={() => setEditing(b)} aria-label={t('editOf', { title: b.titleEN })}>
                {t('edit')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => void toggle(b)} aria-label={t(b.status === 'ACTIVE' ? 'pauseOf' : 'resumeOf', { title: b.titleEN })}>
                {b.status === 'ACTIVE' ? t('pause') : t('resume')}
              </Button>
            </>
          )}
        </div>
      ),
    },
  ];
  return (
    <div className={s.stack}>
      {canWrite && (
        <div className={s.bar}>
          <Button onClick={() => setEditing('new')}>{t('newBoard')}</Button>
        </div>
      )}
      <DataTable caption={t('boardsCaption')} columns={columns} rows={items} rowKey={(b) => b.id} labels={tableLabels(tc)} empty={<EmptyState compact title={t('noBoards')} />} />
      {shown !== null && <Standings id={shown} />}
      {editing && (
        <BoardDialog board={editing === 'new' ? null : editing} currency={currency} decimals={decimals} onClose={() => setEditing(null)} onDone={() => qc.invalidateQueries({ queryKey: MISSIONS_KEY })} />
      )}
    </div>
  );
}

function Standings({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const q = useQuery(standingsQuery(id));
  if (q.isPending) return <Spinner label={tc('common.loading')} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  const { standing: st, currency, decimals } = q.data;
  const money = (v: number) => `${formatMinor(v, decimals)} ${currency}`;
  const columns: Column<(typeof st.entries)[number]>[] = [
    { key: 'rank', header: t('col.rank'), cell: (e) => e.rank, align: 'end' },
    { key: 'name', header: t('col.player'), cell: (e) => e.name },
    { key: 'score', header: t(`col.${st.metric}`), cell: (e) => (st.metric === 'MULTIPLIER' ? `${formatMinor(e.score, 2)}×` : money(e.score)), align: 'end', nowrap: true },
    { key: 'prize', header: t('col.prize'), cell: (e) => (e.prize ? money(e.prize) : '—'), align: 'end', nowrap: true },
  ];
  return (
    <section className={s.card} aria-labelledby="lb-standings" data-testid="standings">
      <h2 id="lb-standings" className={s.cardTitle}>
        {t('standingsTitle', { title: st.title, period: st.periodKey })}
      </h2>
      <p className={s.muted}>
        {t('standingsFacts', { n: st.participants, pool: money(st.pool), end: formatDateTime(st.periodEnd) })} {st.paid ? t('paid') : ''}
      </p>
      <DataTable caption={t('standingsTitle', { title: st.title, period: st.periodKey })} hideCaption columns={columns} rows={st.entries} rowKey={(e) => e.rank} labels={tableLabels(tc)} empty={<EmptyState compact title={t('noEntries')} />} />
    </section>
  );
}

function BoardDialog(p: { board: Board | null; currency: string; decimals: number; onClose: () => void; onDone: () => unknown }) {
  const { t } = useTranslation(NS);
  const { toast } = useToast();
  const [error, setError] = useState('');
  const b = p.board;
  const initial: BoardForm = b
    ? { ...boardDefaults, ...boardBody(b, p.decimals), prizes: b.prizes.map((x) => toInput(x, p.decimals)).join('\n'), startsAt: fromEpoch(b.startsAt), endsAt: fromEpoch(b.endsAt) }
    : boardDefaults;
  const form = useForm<BoardForm>({ resolver: zodResolver(boardSchema(p.decimals)), defaultValues: initial });
  const submit = form.handleSubmit(async (v) => {
    setError('');
    try {
      await saveBoard(b?.id ?? null, toBoardBody(v));
      toast('success', t('saved', { title: v.titleEN.trim() }));
      p.onClose();
      await p.onDone();
    } catch (e) {
      setError(errorText(t, e));
    }
  });
  const err = form.formState.errors;
  const msg = (x?: string) => x && t(x, { max: TITLE_MAX, prizes: PRIZES_MAX, decimals: p.decimals });
  return (
    <Dialog
      open
      onClose={p.onClose}
      title={b ? t('editBoard') : t('newBoard')}
      closeLabel={t('close')}
      footer={
        <div className={s.buttons}>
          <Button variant="ghost" onClick={p.onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="board-form" loading={form.formState.isSubmitting}>
            {t('save')}
          </Button>
        </div>
      }
    >
      <form id="board-form" className={s.stack} noValidate onSubmit={submit}>
        <TextField label={t('f.titleEN')} autoComplete="off" error={msg(err.titleEN?.message)} {...form.register('titleEN')} />
        <TextField label={t('f.titleTY')} autoComplete="off" error={msg(err.titleTY?.message)} {...form.register('titleTY')} />
        <div className={s.row}>
          <SelectField label={t('f.period')} {...form.register('period')}>
            <option value="DAILY">{t('period.DAILY')}</option>
            <option value="WEEKLY">{t('period.WEEKLY')}</option>
          </SelectField>
          <SelectField label={t('f.metric')} {...form.register('metric')}>
            <option value="MULTIPLIER">{t('metric.MULTIPLIER')}</option>
            <option value="VALID_BET">{t('metric.VALID_BET')}</option>
          </SelectField>
          <TextField label={t('f.category')} hint={t('f.categoryHint')} autoComplete="off" error={msg(err.category?.message)} {...form.register('category')} />
          <TextField label={t('f.minBet', { currency: p.currency })} inputMode="decimal" autoComplete="off" error={msg(err.minBet?.message)} {...form.register('minBet')} />
        </div>
        <label className={s.area}>
          <span>{t('f.prizes', { currency: p.currency })}</span>
          <textarea rows={5} aria-describedby="prizes-hint" aria-invalid={err.prizes ? true : undefined} {...form.register('prizes')} />
          <small id="prizes-hint" className={s.muted}>
            {t('f.prizesHint', { max: PRIZES_MAX })}
          </small>
          {err.prizes && <small className={s.formError}>{msg(err.prizes.message)}</small>}
        </label>
        <div className={s.row}>
          <TextField type="datetime-local" label={t('f.startsAt')} hint={t('f.openHint')} error={msg(err.startsAt?.message)} {...form.register('startsAt')} />
          <TextField type="datetime-local" label={t('f.endsAt')} hint={t('f.openHint')} error={msg(err.endsAt?.message)} {...form.register('endsAt')} />
          <SelectField label={t('f.status')} {...form.register('status')}>
            <option value="ACTIVE">{t('status.ACTIVE')}</option>
            <option value="PAUSED">{t('status.PAUSED')}</option>
          </SelectField>
        </div>
        {error && (
          <p role="alert" className={s.formError}>
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
