// /member/referral: refer and earn. The member's code and link (copy
// buttons with the spec's copy-success confirmation, the phone's share sheet
// where the browser has one, and share links), the rule with its real
// amounts, the totals, and each invited friend's progress and status.
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Copy, Gift, Link2, Share2, Ticket, UserPlus, Users } from 'lucide-react';
import { Button, Dialog, EmptyState, ErrorState, Skeleton, buttonClassName, errorCode, errorMessage } from '@/components/ui';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { referralLink, referralQuery, type Friend } from '../api/referral';
import s from './referral.module.css';

/** Formats minor units of a currency (the route passes the wallet's formatter). */
export type FormatMoney = (minor: number, currency: string, decimals: number) => string;

export type ReferEarnProps = {
  formatMoney: FormatMoney;
  /** Copies text; false when the browser refused. */
  copy: (text: string) => Promise<boolean>;
  /** Where the reward is claimed. */
  rewardCenterPath: string;
};

export function ReferEarn({ formatMoney, copy, rewardCenterPath }: ReferEarnProps) {
  const { t } = useTranslation(['referral', 'common', 'errors'], { useSuspense: true });
  const { token } = useSession();
  const q = useQuery(referralQuery(token));
  const [copied, setCopied] = useState<'code' | 'link' | null>(null);
  const [failed, setFailed] = useState(false);
  const data = q.data;
  const fmt = (minor: number) => formatMoney(minor, data?.currency ?? '', data?.decimals ?? 2);
  const link = data ? referralLink(window.location.origin, data.path) : '';
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const doCopy = async (what: 'code' | 'link') => {
    const ok = await copy(what === 'code' ? data!.code : link);
    setFailed(!ok);
    setCopied(what);
  };
  const shareText = data ? t('referral:share.text', { amount: fmt(data.rule.amount) }) : '';

  if (q.isError && !data) {
    const off = errorCode(q.error) === 'referral.disabled';
    return (
      <div className={s.page} data-testid="referral-page">
        <Head t={t} />
        {off ? (
          <EmptyState title={t('referral:disabled')} description={errorMessage(t, q.error)} icon={<Users size={28} />} />
        ) : (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
        )}
      </div>
    );
  }

  return (
    <div className={s.page} data-testid="referral-page">
      <Head t={t} amount={data ? fmt(data.rule.amount) : undefined} />
      {!data ? (
        <Skeleton height={220} radius="card" />
      ) : (
        <>
          <section className={s.card} aria-labelledby="referral-share">
            <h2 id="referral-share" className={s.cardTitle}>
              <Share2 size={18} aria-hidden="true" />
              {t('referral:share.title')}
            </h2>
            <div className={s.shares}>
              <ShareRow icon={<Ticket size={18} />} label={t('referral:share.code')} value={data.code} big testId="referral-code" copyLabel={t('referral:share.copyCode')} onCopy={() => void doCopy('code')} />
              <ShareRow icon={<Link2 size={18} />} label={t('referral:share.link')} value={link} testId="referral-link" copyLabel={t('referral:share.copyLink')} onCopy={() => void doCopy('link')} />
            </div>
            <div className={s.shareApps}>
              {canShare && (
                <Button
                  variant="secondary"
                  icon={<Share2 size={16} />}
                  onClick={() => void navigator.share({ title: t('referral:title'), text: shareText, url: link }).catch(() => undefined)}
                  data-testid="referral-share"
                >
                  {t('referral:share.button')}
                </Button>
              )}
              <a className={buttonClassName({ variant: 'ghost', size: 'sm' })} href={`https://wa.me/?text=${encodeURIComponent(`${shareText} ${link}`)}`} target="_blank" rel="noopener noreferrer">
                {t('referral:share.on', { app: 'WhatsApp' })}
              </a>
              <a className={buttonClassName({ variant: 'ghost', size: 'sm' })} href={`https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(shareText)}`} target="_blank" rel="noopener noreferrer">
                {t('referral:share.on', { app: 'Telegram' })}
              </a>
              <a className={buttonClassName({ variant: 'ghost', size: 'sm' })} href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`} target="_blank" rel="noopener noreferrer">
                {t('referral:share.on', { app: 'Facebook' })}
              </a>
            </div>
          </section>

          <section className={s.card} aria-labelledby="referral-rule" data-testid="referral-rule">
            <h2 id="referral-rule" className={s.cardTitle}>
              <Gift size={18} aria-hidden="true" />
              {t('referral:rule.title')}
            </h2>
            <ol className={s.steps}>
              <li>{t('referral:rule.step1')}</li>
              <li>
                {t('referral:rule.step2', { days: data.rule.windowDays, deposit: fmt(data.rule.minFirstDeposit), bets: fmt(data.rule.minValidBets) })}
              </li>
              <li>{t('referral:rule.step3', { amount: fmt(data.rule.amount), claim: data.rule.claimDays })}</li>
            </ol>
            <p className={s.muted}>{t('referral:rule.review')}</p>
          </section>

          <dl className={s.totals} data-testid="referral-totals">
            <Total label={t('referral:totals.invited')} value={String(data.totals.invited)} />
            <Total label={t('referral:totals.qualified')} value={String(data.totals.qualified)} />
            <Total label={t('referral:totals.waiting')} value={fmt(data.totals.waiting)} />
            <Total label={t('referral:totals.earned')} value={fmt(data.totals.earned)} />
          </dl>
          {data.totals.waiting > 0 && (
            <p className={s.notice} role="status">
              {t('referral:waitingNotice', { amount: fmt(data.totals.waiting) })}{' '}
              <Link to={rewardCenterPath} className={s.noticeLink} data-testid="referral-to-rewards">
                {t('referral:toRewards')}
              </Link>
            </p>
          )}

          <section className={s.card} aria-labelledby="referral-friends">
            <h2 id="referral-friends" className={s.cardTitle}>
              <Users size={18} aria-hidden="true" />
              {t('referral:friends.title')}
            </h2>
            {(data.friends ?? []).length === 0 ? (
              <EmptyState compact title={t('referral:friends.empty')} icon={<UserPlus size={28} />} />
            ) : (
              <ul className={s.friends} data-testid="referral-friends">
                {(data.friends ?? []).map((f, i) => (
                  <FriendRow key={`${f.account}-${f.registeredAt}-${i}`} f={f} fmt={fmt} t={t} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <Dialog
        open={copied !== null}
        onClose={() => setCopied(null)}
        title={failed ? t('referral:copy.failedTitle') : t('referral:copy.title')}
        size="sm"
        alert
        data-testid="referral-copied"
        footer={
          <Button onClick={() => setCopied(null)} data-autofocus>
            {t('common:confirm')}
          </Button>
        }
      >
        <p className={s.copiedText}>{failed ? t('referral:copy.failed') : copied === 'code' ? t('referral:copy.code', { code: data?.code }) : t('referral:copy.link')}</p>
        {failed && <p className={s.copiedValue}>{copied === 'code' ? data?.code : link}</p>}
      </Dialog>
    </div>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

function Head({ t, amount }: { t: T; amount?: string }) {
  return (
    <header className={s.head}>
      <span className={s.headIcon} aria-hidden="true">
        <Share2 size={22} />
      </span>
      <div className={s.headText}>
        <h1 className={s.title}>{t('referral:title')}</h1>
        <p className={s.subtitle}>{amount ? t('referral:subtitle', { amount }) : t('referral:subtitleShort')}</p>
      </div>
    </header>
  );
}

function ShareRow(p: { icon: ReactNode; label: string; value: string; big?: boolean; testId: string; copyLabel: string; onCopy: () => void }) {
  return (
    <div className={s.shareRow}>
      <span className={s.shareLabel}>
        {p.icon}
        {p.label}
      </span>
      <code className={p.big ? s.codeBig : s.codeValue} data-testid={p.testId}>
        {p.value}
      </code>
      <Button variant="secondary" size="sm" icon={<Copy size={16} />} onClick={p.onCopy}>
        {p.copyLabel}
      </Button>
    </div>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className={s.total}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function FriendRow({ f, fmt, t }: { f: Friend; fmt: (m: number) => string; t: T }) {
  const depositDone = f.firstDeposit >= f.minFirstDeposit && f.firstDeposit > 0;
  const betsPct = f.minValidBets > 0 ? Math.min(100, Math.round((Math.max(0, f.validBets) / f.minValidBets) * 100)) : 100;
  return (
    <li className={s.friend} data-status={f.status} data-testid="referral-friend">
      <div className={s.friendHead}>
        <span className={s.friendName}>{f.account}</span>
        <span className={s.badge} data-status={f.status} data-testid="referral-friend-status">
          {t(`referral:status.${f.status}`)}
        </span>
      </div>
      <dl className={s.friendFacts}>
        <div>
          <dt>{t('referral:friends.registered')}</dt>
          <dd>{formatDate(f.registeredAt)}</dd>
        </div>
        <div>
          <dt>{t('referral:friends.deposit')}</dt>
          <dd data-done={depositDone || undefined}>
            {f.firstDeposit > 0 ? fmt(f.firstDeposit) : '—'} / {fmt(f.minFirstDeposit)}
          </dd>
        </div>
        <div>
          <dt>{t('referral:friends.bets')}</dt>
          <dd>
            {fmt(Math.max(0, f.validBets))} / {fmt(f.minValidBets)}
          </dd>
        </div>
        <div>
          <dt>{t('referral:friends.until')}</dt>
          <dd>{formatDate(f.windowEnds)}</dd>
        </div>
      </dl>
      <div className={s.bar} role="progressbar" aria-label={t('referral:friends.bets')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={betsPct}>
        <span style={{ inlineSize: `${betsPct}%` }} />
      </div>
    </li>
  );
}
