// /member/transferFund (my wallet, spec section 2): the main wallet and one
// card per transfer-wallet vendor with their balances, a transfer between the
// main wallet and a vendor, "transfer all back", and transfers whose vendor
// answer was lost with a "check status" action. A single-wallet brand
// (merchant isSingle) has nothing to move: the page says so and shows the main
// balance. Every transfer sends an Idempotency-Key and is never retried on its
// own; buttons stay disabled while a request is out.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowDownToLine, ArrowLeftRight, ArrowUpFromLine, CircleCheck, Clock, RefreshCw, Undo2, Wallet, WalletCards } from 'lucide-react';
import { Button, EmptyState, ErrorState, Skeleton, errorCode, errorMessage } from '@/components/ui';
import { useSession } from '@/lib/session';
import { SubmissionKeys } from '@/lib/idempotency';
import { balanceQuery, type Balance } from '../api/balance';
import { formatBalance } from '../api/format';
import { MAIN, getTransfer, merchantQuery, mergeBalances, postAllBack, postTransfer, walletsQuery, type Balances, type Transfer } from '../api/wallets';
import { minorToDecimal, parseAmount } from '../lib/amount';
import { readPending, writePending, type PendingTransfer } from '../lib/pending';
import p from './page.module.css';
import s from './TransferFund.module.css';

type Money = Pick<Balance, 'currency' | 'currencySymbol' | 'decimals'>;
type Note = { tone: 'ok' | 'wait' | 'error'; text: string };

/** Errors after which the server may have acted: the user's retry keeps the same key. */
const UNCERTAIN = new Set(['network.offline', 'server.internal', 'server.bad_response']);

export function TransferFund() {
  const { t } = useTranslation(['wallet', 'common', 'errors'], { useSuspense: true });
  const { token } = useSession();
  const merchant = useQuery(merchantQuery());
  const balance = useQuery(balanceQuery(token));

  return (
    <div className={p.page} data-testid="transfer-page">
      <header className={p.head}>
        <span className={p.headIcon} aria-hidden="true">
          <WalletCards size={22} />
        </span>
        <div className={p.headText}>
          <h1 className={p.title}>{t('wallet:transfer.title')}</h1>
          <p className={p.subtitle}>{t('wallet:transfer.subtitle')}</p>
        </div>
      </header>
      {merchant.isError ? (
        <ErrorState error={merchant.error} onRetry={() => void merchant.refetch()} retrying={merchant.isFetching} />
      ) : !merchant.data ? (
        <Skeleton height={140} radius={12} />
      ) : merchant.data.isSingle ? (
        <SingleWallet balance={balance.data} failed={balance.isError} />
      ) : (
        <TransferWallets money={balance.data} liveMain={balance.data?.balance} />
      )}
    </div>
  );
}

function SingleWallet({ balance, failed }: { balance?: Balance; failed: boolean }) {
  const { t } = useTranslation(['wallet', 'common']);
  return (
    <section className={s.single} data-testid="transfer-single">
      <div className={s.mainCard}>
        <span className={s.cardLabel}>
          <Wallet size={16} aria-hidden="true" /> {t('wallet:transfer.main')}
        </span>
        <span className={s.mainAmount} data-testid="wallet-main-balance">
          {balance ? <span dir="ltr">{formatBalance(balance)}</span> : failed ? '—' : <Skeleton width={180} height={32} />}
        </span>
      </div>
      <div className={s.singleText}>
        <h2 className={s.sectionTitle}>{t('wallet:transfer.singleTitle')}</h2>
        <p className={s.muted}>{t('wallet:transfer.singleBody')}</p>
      </div>
    </section>
  );
}

function TransferWallets({ money, liveMain }: { money?: Money; liveMain?: number }) {
  const { t } = useTranslation(['wallet', 'common', 'errors']);
  const session = useSession();
  const token = session.token;
  const member = session.info?.account ?? '';
  const qc = useQueryClient();
  const wallets = useQuery(walletsQuery(token));
  const formId = useId();
  const amountRef = useRef<HTMLInputElement>(null);
  const keys = useRef(new SubmissionKeys());
  const allBackKeys = useRef(new SubmissionKeys());

  const [from, setFrom] = useState<string>(MAIN);
  const [to, setTo] = useState<string>('');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [note, setNote] = useState<Note>();
  const [pending, setPending] = useState<PendingTransfer[]>(() => (member ? readPending(member) : []));
  const [checking, setChecking] = useState<string>();

  useEffect(() => {
    if (member) writePending(member, pending);
  }, [member, pending]);

  const data = wallets.data;
  const cur: Money = useMemo(
    () => ({ currency: data?.currency ?? money?.currency ?? '', currencySymbol: money?.currencySymbol ?? '', decimals: data?.decimals ?? money?.decimals ?? 2 }),
    [data?.currency, data?.decimals, money],
  );
  const fmt = (minor: number) => formatBalance({ ...cur, balance: minor });
  // The main balance follows the header's live balance (socket 'balance' events) once loaded.
  const mainBalance = liveMain ?? data?.main.balance ?? 0;
  const vendors = useMemo(() => data?.vendors ?? [], [data]);
  const total = mainBalance + vendors.reduce((a, v) => a + v.balance, 0);
  const nameOf = (code: string) => (code === MAIN ? t('wallet:transfer.main') : (vendors.find((v) => v.vendor === code)?.name ?? code));
  const balanceOf = (code: string) => (code === MAIN ? mainBalance : (vendors.find((v) => v.vendor === code)?.balance ?? 0));

  // Default target: the first available vendor.
  useEffect(() => {
    if (!to && vendors.length) {
      const first = vendors.find((v) => v.status === 'OK') ?? vendors[0];
      setTo(first.vendor);
    }
  }, [to, vendors]);

  const afterMove = (b: Balances | undefined) => {
    const key = walletsQuery(token).queryKey;
    const merged = mergeBalances(qc.getQueryData(key), b);
    if (merged) qc.setQueryData(key, merged);
    // Asked again either way: other vendors' balances may have moved too.
    void qc.invalidateQueries({ queryKey: key });
    void qc.invalidateQueries({ queryKey: balanceQuery(token).queryKey });
    void qc.invalidateQueries({ queryKey: ['wallet', 'transactions'] });
  };

  const addPending = (list: Transfer[], fallback: { from: string; to: string; amount: number }) => {
    const add = list
      .filter((x) => x.status === 'PENDING')
      .map((x) => ({ id: String(x.id), from: x.from ?? fallback.from, to: x.to ?? fallback.to, amount: x.amount ?? fallback.amount, at: Date.now() }));
    if (add.length) setPending((old) => [...old.filter((o) => !add.some((a) => a.id === o.id)), ...add]);
  };

  const vendorCode = from === MAIN ? to : from;
  const vendor = vendors.find((v) => v.vendor === vendorCode);
  const check = parseAmount(amount, cur.decimals);
  const fromBalance = balanceOf(from);
  let amountError: string | undefined;
  if (!check.ok) amountError = t(`wallet:transfer.amountError.${check.error}`, { decimals: cur.decimals });
  else if (check.minor > BigInt(fromBalance)) amountError = t('wallet:transfer.amountError.aboveBalance', { balance: fmt(fromBalance) });

  const transfer = useMutation({
    mutationFn: (body: { from: string; to: string; amount: string }) => postTransfer(body, keys.current.keyFor(body)),
    onSuccess: (res, body) => {
      keys.current.done();
      afterMove(res.balances);
      const parsed = parseAmount(body.amount, cur.decimals);
      const minor = parsed.ok ? Number(parsed.minor) : 0;
      const what = { amount: fmt(minor), from: nameOf(body.from), to: nameOf(body.to) };
      if (res.status === 'SUCCESS') {
        setNote({ tone: 'ok', text: t('wallet:transfer.done', what) });
        setAmount('');
        setTouched(false);
      } else if (res.status === 'PENDING') {
        addPending([res], { from: body.from, to: body.to, amount: minor });
        setNote({ tone: 'wait', text: t('wallet:transfer.pendingNote', what) });
        setAmount('');
        setTouched(false);
      } else {
        const why = res.failureCode ? ` ${errorMessage(t, { code: res.failureCode })}` : '';
        setNote({ tone: 'error', text: t('wallet:transfer.failed', what) + why });
      }
    },
    onError: (err) => {
      if (!UNCERTAIN.has(errorCode(err) ?? '')) keys.current.done();
      setNote({ tone: 'error', text: errorMessage(t, err) });
    },
  });

  const allBack = useMutation({
    mutationFn: () => postAllBack(allBackKeys.current.keyFor('all-back')),
    onSuccess: (res) => {
      allBackKeys.current.done();
      afterMove(res.balances);
      const list = res.transfers ?? [];
      addPending(list, { from: '', to: MAIN, amount: 0 });
      const waiting = list.filter((x) => x.status === 'PENDING').length;
      const failed = list.filter((x) => x.status === 'FAILED').length;
      if (failed) setNote({ tone: 'error', text: t('wallet:transfer.allBackPartial', { n: failed }) });
      else if (waiting) setNote({ tone: 'wait', text: t('wallet:transfer.allBackPending', { n: waiting }) });
      else setNote({ tone: 'ok', text: t('wallet:transfer.allBackDone') });
    },
    onError: (err) => {
      if (!UNCERTAIN.has(errorCode(err) ?? '')) allBackKeys.current.done();
      setNote({ tone: 'error', text: errorMessage(t, err) });
    },
  });

  const statusCheck = useMutation({
    mutationFn: (id: string) => getTransfer(id),
    onMutate: (id) => setChecking(id),
    onSettled: () => setChecking(undefined),
    onSuccess: (res, id) => {
      const item = pending.find((x) => x.id === id);
      const what = { amount: fmt(item?.amount ?? res.amount ?? 0), from: nameOf(item?.from ?? res.from ?? ''), to: nameOf(item?.to ?? res.to ?? MAIN) };
      if (res.status === 'PENDING') {
        setNote({ tone: 'wait', text: t('wallet:transfer.stillPending') });
        return;
      }
      setPending((old) => old.filter((x) => x.id !== id));
      afterMove(res.balances);
      setNote(res.status === 'SUCCESS' ? { tone: 'ok', text: t('wallet:transfer.settledOk', what) } : { tone: 'error', text: t('wallet:transfer.settledFailed', what) });
    },
    onError: (err, id) => {
      if (errorCode(err) === 'wallet.transfer_not_found') setPending((old) => old.filter((x) => x.id !== id));
      setNote({ tone: 'error', text: errorMessage(t, err) });
    },
  });

  const busy = transfer.isPending || allBack.isPending;

  const pickFrom = (code: string) => {
    setFrom(code);
    if (code !== MAIN) setTo(MAIN);
    else if (to === MAIN) setTo(vendors.find((v) => v.status === 'OK')?.vendor ?? vendors[0]?.vendor ?? '');
  };
  const pickTo = (code: string) => {
    setTo(code);
    if (code !== MAIN) setFrom(MAIN);
    else if (from === MAIN) setFrom(vendors.find((v) => v.status === 'OK')?.vendor ?? vendors[0]?.vendor ?? '');
  };
  const swap = () => {
    setFrom(to);
    setTo(from);
  };
  const prepare = (code: string, direction: 'in' | 'out') => {
    setNote(undefined);
    if (direction === 'in') {
      setFrom(MAIN);
      setTo(code);
      setAmount('');
    } else {
      setFrom(code);
      setTo(MAIN);
      setAmount(minorToDecimal(balanceOf(code), cur.decimals));
    }
    amountRef.current?.focus();
    amountRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setNote(undefined);
    if (busy || amountError || !check.ok || !vendor || vendor.status !== 'OK') return;
    transfer.mutate({ from, to, amount: check.text });
  };

  if (wallets.isError && !data) return <ErrorState error={wallets.error} onRetry={() => void wallets.refetch()} retrying={wallets.isFetching} />;

  const vendorHeld = vendors.some((v) => v.balance > 0 && v.status === 'OK');
  const noteTestId = note ? `transfer-note-${note.tone}` : undefined;

  return (
    <>
      <section className={s.summary} aria-label={t('wallet:transfer.summary')}>
        <div className={s.mainCard} data-testid="wallet-main">
          <span className={s.cardLabel}>
            <Wallet size={16} aria-hidden="true" /> {t('wallet:transfer.main')}
          </span>
          <span className={s.mainAmount} data-testid="wallet-main-balance">
            {data || liveMain !== undefined ? <span dir="ltr">{fmt(mainBalance)}</span> : <Skeleton width={180} height={32} />}
          </span>
          <span className={s.total}>
            {t('wallet:transfer.total')}:{' '}
            <strong data-testid="wallet-total" dir="ltr">
              {data ? fmt(total) : '—'}
            </strong>
          </span>
        </div>
        <div className={s.summaryActions}>
          <Button
            variant="secondary"
            icon={<Undo2 size={16} />}
            onClick={() => {
              setNote(undefined);
              allBack.mutate();
            }}
            loading={allBack.isPending}
            disabled={busy || !vendorHeld}
            data-testid="transfer-all-back"
          >
            {t('wallet:transfer.allBack')}
          </Button>
          <Button
            variant="ghost"
            icon={<RefreshCw size={16} className={wallets.isFetching ? s.spin : undefined} />}
            onClick={() => {
              void wallets.refetch();
              void qc.invalidateQueries({ queryKey: balanceQuery(token).queryKey });
            }}
            disabled={wallets.isFetching}
            data-testid="wallets-refresh"
          >
            {t('wallet:transfer.refresh')}
          </Button>
        </div>
      </section>

      {note && (
        <p className={s.note} data-tone={note.tone} role={note.tone === 'error' ? 'alert' : 'status'} data-testid={noteTestId}>
          {note.tone === 'ok' ? <CircleCheck size={18} aria-hidden="true" /> : note.tone === 'wait' ? <Clock size={18} aria-hidden="true" /> : null}
          {note.text}
        </p>
      )}

      <section aria-labelledby={`${formId}-vendors`}>
        <h2 id={`${formId}-vendors`} className={s.sectionTitle}>
          {t('wallet:transfer.vendorWallets')}
        </h2>
        {!data ? (
          <div className={s.grid}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={118} radius={12} />
            ))}
          </div>
        ) : vendors.length === 0 ? (
          <EmptyState compact title={t('wallet:transfer.noVendors')} />
        ) : (
          <ul className={s.grid} data-testid="vendor-wallets">
            {vendors.map((v) => (
              <li key={v.vendor} className={s.vendorCard} data-testid={`vendor-wallet-${v.vendor}`} data-status={v.status}>
                <div className={s.vendorTop}>
                  <span className={s.wordmark} aria-hidden="true">
                    {v.vendor.slice(0, 3)}
                  </span>
                  <span className={s.vendorWho}>
                    <span className={s.vendorName}>{v.name || v.vendor}</span>
                    {v.status !== 'OK' && <span className={s.unavailable}>{t('wallet:transfer.unavailable')}</span>}
                  </span>
                </div>
                <span className={s.vendorAmount} data-testid="vendor-balance" dir="ltr">
                  {fmt(v.balance)}
                </span>
                <div className={s.vendorActions}>
                  <Button size="sm" variant="outline" icon={<ArrowDownToLine size={14} />} disabled={v.status !== 'OK' || busy} onClick={() => prepare(v.vendor, 'in')} data-testid="vendor-transfer-in">
                    {t('wallet:transfer.in')}
                  </Button>
                  <Button size="sm" variant="ghost" icon={<ArrowUpFromLine size={14} />} disabled={v.status !== 'OK' || busy || v.balance <= 0} onClick={() => prepare(v.vendor, 'out')} data-testid="vendor-transfer-out">
                    {t('wallet:transfer.out')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {data && vendors.length > 0 && (
        <form className={s.form} onSubmit={submit} noValidate aria-labelledby={`${formId}-form`} data-testid="transfer-form">
          <h2 id={`${formId}-form`} className={s.sectionTitle}>
            {t('wallet:transfer.formTitle')}
          </h2>
          <div className={s.pair}>
            <label className="field">
              <span className="field-label">{t('wallet:transfer.from')}</span>
              <select className="input" value={from} onChange={(e) => pickFrom(e.target.value)} data-testid="transfer-from" disabled={busy}>
                <option value={MAIN}>{t('wallet:transfer.main')}</option>
                {vendors.map((v) => (
                  <option key={v.vendor} value={v.vendor} disabled={v.status !== 'OK'}>
                    {v.name || v.vendor}
                  </option>
                ))}
              </select>
              <span className={s.hint}>{t('wallet:transfer.available', { balance: fmt(fromBalance) })}</span>
            </label>
            <button type="button" className={s.swap} onClick={swap} aria-label={t('wallet:transfer.swap')} title={t('wallet:transfer.swap')} disabled={busy} data-testid="transfer-swap">
              <ArrowLeftRight size={18} aria-hidden="true" />
            </button>
            <label className="field">
              <span className="field-label">{t('wallet:transfer.to')}</span>
              <select className="input" value={to} onChange={(e) => pickTo(e.target.value)} data-testid="transfer-to" disabled={busy}>
                <option value={MAIN}>{t('wallet:transfer.main')}</option>
                {vendors.map((v) => (
                  <option key={v.vendor} value={v.vendor} disabled={v.status !== 'OK'}>
                    {v.name || v.vendor}
                  </option>
                ))}
              </select>
              <span className={s.hint}>{t('wallet:transfer.available', { balance: fmt(balanceOf(to)) })}</span>
            </label>
          </div>
          <label className="field">
            <span className="field-label">{t('wallet:transfer.amount')}</span>
            <span className={s.amountRow}>
              <input
                ref={amountRef}
                className="input"
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                placeholder={minorToDecimal(0, cur.decimals)}
                value={amount}
                onChange={(e) => {
                  setAmount(e.target.value);
                  setNote(undefined);
                }}
                onBlur={() => amount && setTouched(true)}
                aria-invalid={touched && !!amountError}
                aria-describedby={touched && amountError ? `${formId}-amount-error` : undefined}
                data-testid="transfer-amount"
                disabled={busy}
              />
              <Button
                variant="outline"
                onClick={() => {
                  setAmount(minorToDecimal(fromBalance, cur.decimals));
                  setTouched(true);
                }}
                disabled={busy || fromBalance <= 0}
                data-testid="transfer-all"
              >
                {t('wallet:transfer.all')}
              </Button>
            </span>
            {touched && amountError && (
              <span id={`${formId}-amount-error`} className="field-error" data-testid="transfer-amount-error">
                {amountError}
              </span>
            )}
          </label>
          <div className={s.formActions}>
            <Button type="submit" loading={transfer.isPending} disabled={busy || (touched && !!amountError) || !vendor || vendor.status !== 'OK'} data-testid="transfer-submit">
              {t('wallet:transfer.submit')}
            </Button>
          </div>
        </form>
      )}

      {pending.length > 0 && (
        <section className={s.pending} aria-labelledby={`${formId}-pending`} data-testid="pending-transfers">
          <h2 id={`${formId}-pending`} className={s.sectionTitle}>
            {t('wallet:transfer.pendingTitle')}
          </h2>
          <p className={s.muted}>{t('wallet:transfer.pendingBody')}</p>
          <ul className={s.pendingList}>
            {pending.map((x) => (
              <li key={x.id} className={s.pendingItem} data-testid="pending-transfer">
                <Clock size={18} aria-hidden="true" className={s.pendingIcon} />
                <span className={s.pendingText}>
                  <strong>{t('wallet:transfer.pendingLine', { amount: x.amount ? fmt(x.amount) : '—', from: x.from ? nameOf(x.from) : '…', to: nameOf(x.to) })}</strong>
                  <small>#{x.id}</small>
                </span>
                <Button size="sm" variant="outline" loading={checking === x.id} disabled={!!checking} onClick={() => statusCheck.mutate(x.id)} data-testid="pending-check">
                  {t('wallet:transfer.check')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
