// The agent's own invitation: the code and the registration link (the
// register popup reads affiliateCode from the query), each with a copy button
// (the spec's copy-success confirmation), and the link as a QR code to show
// on a phone or print.
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, Link2, QrCode, Ticket } from 'lucide-react';
import { encode } from 'uqr';
import { Button, Dialog, Skeleton } from '@/components/ui';
import { copyText, registrationLink } from '../../copy';
import s from './pages.module.css';

/** The QR modules as one SVG path (one unit per module, a 4-module quiet zone). */
export function qrPath(text: string): { size: number; d: string } {
  const { data, size } = encode(text, { ecc: 'M', border: 0 });
  let d = '';
  data.forEach((row, y) => row.forEach((on, x) => on && (d += `M${x + 4} ${y + 4}h1v1h-1z`)));
  return { size: size + 8, d };
}

export function Invitation({ code, loading }: { code?: string; loading: boolean }) {
  const { t } = useTranslation(['agent', 'common'], { useSuspense: true });
  const [copied, setCopied] = useState<'code' | 'link' | null>(null);
  const [failed, setFailed] = useState(false);
  const link = code ? registrationLink(window.location.origin, code) : '';
  const qr = useMemo(() => (link ? qrPath(link) : null), [link]);

  const copy = async (what: 'code' | 'link') => {
    const ok = await copyText(what === 'code' ? code! : link);
    setFailed(!ok);
    setCopied(what);
  };

  return (
    <section id="invitation" className={s.card} aria-labelledby="agent-invitation" data-testid="agent-invitation">
      <h2 id="agent-invitation" className={s.cardTitle}>
        <Ticket size={20} aria-hidden="true" />
        {t('agent:register.invitationTitle')}
      </h2>
      <p className={s.cardLead}>{t('agent:home.invitationLead')}</p>
      {loading ? (
        <Skeleton height={88} radius="card" />
      ) : code ? (
        <div className={s.invite}>
          <div className={s.shares}>
            <Share icon={<Ticket size={18} />} label={t('agent:home.code')} value={code} big testId="agent-code" onCopy={() => copy('code')} copyLabel={t('agent:home.copyCode')} />
            <Share icon={<Link2 size={18} />} label={t('agent:home.link')} value={link} testId="agent-link" onCopy={() => copy('link')} copyLabel={t('agent:home.copyLink')} />
          </div>
          {qr && (
            <figure className={s.qr}>
              <svg viewBox={`0 0 ${qr.size} ${qr.size}`} role="img" aria-label={t('agent:register.qr')} shapeRendering="crispEdges" data-testid="agent-qr">
                <rect width={qr.size} height={qr.size} fill="#fff" />
                <path d={qr.d} fill="#000" />
              </svg>
              <figcaption>
                <QrCode size={14} aria-hidden="true" /> {t('agent:register.qrCaption')}
              </figcaption>
            </figure>
          )}
        </div>
      ) : (
        <p className={s.muted} data-testid="agent-no-code">
          {t('agent:home.noCode')}
        </p>
      )}
      <Dialog
        open={copied !== null}
        onClose={() => setCopied(null)}
        title={failed ? t('agent:home.copyFailedTitle') : t('agent:home.copiedTitle')}
        size="sm"
        alert
        data-testid="agent-copied"
        footer={
          <Button onClick={() => setCopied(null)} data-autofocus>
            {t('common:confirm')}
          </Button>
        }
      >
        <p className={s.copiedText}>{failed ? t('agent:home.copyFailed') : copied === 'code' ? t('agent:home.copiedCode', { code }) : t('agent:home.copiedLink')}</p>
        {failed && <p className={s.copiedValue}>{copied === 'code' ? code : link}</p>}
      </Dialog>
    </section>
  );
}

function Share(props: { icon: ReactNode; label: string; value: string; big?: boolean; testId: string; onCopy: () => void; copyLabel: string }) {
  const { icon, label, value, big, testId, onCopy, copyLabel } = props;
  return (
    <div className={s.share}>
      <span className={s.shareIcon} aria-hidden="true">
        {icon}
      </span>
      <div className={s.shareText}>
        <span className={s.shareLabel}>{label}</span>
        <span className={big ? s.shareBig : s.shareValue} data-testid={testId}>
          {value}
        </span>
      </div>
      <Button variant="outline" size="sm" icon={<Copy size={16} aria-hidden="true" />} onClick={onCopy} data-testid={`${testId}-copy`}>
        {copyLabel}
      </Button>
    </div>
  );
}
