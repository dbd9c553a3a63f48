import { CalendarDays, ChevronDown, Gift } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SafeHtml } from '@/components/ui/SafeHtml';
import { useTranslation } from 'react-i18next';
import { cdnUrl } from '@/lib/cdn';
import { formatDateTime } from '@/lib/format';
import type { Promotion } from '../api/announcements';

export const promotionAnchor = (id: number | string) => `promo-${id}`;

/** Known promotion categories get a translated label; others show their code. */
const KNOWN_CATEGORIES = ['NEWBIE', 'DEPOSIT', 'WELCOME', 'REBATE', 'VIP', 'REFERRAL', 'EVENT', 'SPORTS', 'CASINO', 'SLOTS', 'OTHER'];

function coverOf(p: Promotion): string | undefined {
  return [...(p.announcementImages ?? [])].sort((a, b) => a.sequence - b.sequence)[0]?.url;
}

function PromotionCard({ promo, imageBase, open, onToggle, action }: { promo: Promotion; imageBase: string; open: boolean; onToggle(): void; action?: ReactNode }) {
  const { t } = useTranslation('content');
  const cover = coverOf(promo);
  const [failed, setFailed] = useState(false);
  const panel = `${promotionAnchor(promo.id)}-detail`;
  const period =
    promo.startTime || promo.endTime
      ? t('promotions.period', {
          start: promo.startTime ? formatDateTime(promo.startTime).slice(0, 10) : '…',
          end: promo.endTime ? formatDateTime(promo.endTime).slice(0, 10) : '…',
        })
      : t('promotions.ongoing');
  const category = KNOWN_CATEGORIES.includes(promo.category) ? t(`promotions.category.${promo.category}`) : promo.category;

  return (
    <article id={promotionAnchor(promo.id)} className="cnt-promo" data-open={open || undefined} aria-labelledby={`${panel}-title`}>
      <div className="cnt-promo__media">
        {cover && !failed ? (
          <img src={cdnUrl(imageBase, cover)} alt="" width={640} height={320} loading="lazy" decoding="async" onError={() => setFailed(true)} />
        ) : (
          <span className="cnt-promo__placeholder" aria-hidden="true">
            <Gift size={48} />
          </span>
        )}
      </div>
      <div className="cnt-promo__body">
        <div className="cnt-promo__meta">
          {promo.category && <span className="cnt-promo__tag">{category}</span>}
          <span className="cnt-promo__period">
            <CalendarDays size={14} aria-hidden="true" />
            {period}
          </span>
        </div>
        <h2 id={`${panel}-title`} className="cnt-promo__title">
          <bdi>{promo.title}</bdi>
        </h2>
        {promo.summary && <p className="cnt-promo__summary">{promo.summary}</p>}
        {action}
        <button type="button" className="cnt-promo__toggle" aria-expanded={open} aria-controls={panel} onClick={onToggle}>
          {t(open ? 'promotions.hide' : 'promotions.details')}
          <ChevronDown size={16} aria-hidden="true" />
        </button>
      </div>
      {open && <SafeHtml id={panel} className="cnt-promo__detail" html={promo.content} />}
    </article>
  );
}

/**
 * Promotions page body: category filter chips and expandable cards; `openId` (the URL hash) is scrolled to and opened;
 * `renderAction` (given by the route) adds a promotion's status and action to its card.
 */
export function PromotionList({
  promotions,
  imageBase,
  openId,
  renderAction,
}: {
  promotions: Promotion[];
  imageBase: string;
  openId?: string;
  renderAction?: (p: Promotion) => ReactNode;
}) {
  const { t } = useTranslation('content');
  const [category, setCategory] = useState('');
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const scrolled = useRef<string | undefined>(undefined);
  const categories = useMemo(() => [...new Set(promotions.map((p) => p.category).filter(Boolean))], [promotions]);
  const shown = category ? promotions.filter((p) => p.category === category) : promotions;

  useEffect(() => {
    if (!openId || scrolled.current === openId) return;
    const target = promotions.find((p) => String(p.id) === openId);
    if (!target) return;
    scrolled.current = openId;
    setCategory('');
    setOpen((s) => new Set(s).add(target.id));
    requestAnimationFrame(() => {
      const el = document.getElementById(promotionAnchor(target.id));
      el?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      el?.querySelector<HTMLElement>('.cnt-promo__toggle')?.focus({ preventScroll: true });
    });
  }, [openId, promotions]);

  const toggle = (id: number) =>
    setOpen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  return (
    <>
      {categories.length > 1 && (
        <div className="cnt-chips" role="group" aria-label={t('promotions.filter')}>
          <button type="button" className="cnt-chip" aria-pressed={!category} onClick={() => setCategory('')}>
            {t('promotions.all')}
          </button>
          {categories.map((c) => (
            <button key={c} type="button" className="cnt-chip" aria-pressed={category === c} onClick={() => setCategory(c)}>
              {KNOWN_CATEGORIES.includes(c) ? t(`promotions.category.${c}`) : c}
            </button>
          ))}
        </div>
      )}
      <div className="cnt-promos">
        {shown.map((p) => (
          <PromotionCard key={p.id} promo={p} imageBase={imageBase} open={open.has(p.id)} onToggle={() => toggle(p.id)} action={renderAction?.(p)} />
        ))}
      </div>
    </>
  );
}
