// Promotions page: cards with category chips; the URL hash is a promotion id to open.
// Each card linked to an engine promotion shows the viewer's real status and action.
import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyState, ErrorState, Skeleton, SkeletonText } from '@/components/ui';
import { useSystemStatus } from '@/features/system/api/status';
import { useAnnouncements } from '@/features/content';
import { PromotionList } from '@/features/content/components/PromotionList';
import { useLanguage } from '@/features/catalog';
import { PromotionActionBar, promotionStatusQuery } from '@/features/promotions';
import { useSession } from '@/lib/session';
import { pickBase } from '@/lib/cdn';
import { useSessionState } from '@/lib/ui-actions';
import './pages.css';

export default function PromotionsRoute() {
  const { t } = useTranslation('content');
  const { hash } = useLocation();
  const info = useSystemStatus().data?.info;
  const language = useLanguage();
  const { loggedIn } = useSessionState();
  const q = useAnnouncements(language, loggedIn ? 'A' : 'B');
  const promotions = q.data?.promotion ?? [];
  const openId = decodeURIComponent(hash.replace(/^#/, '')) || undefined;
  const { token } = useSession();
  const status = useQuery(promotionStatusQuery(loggedIn ? token : undefined, language));
  const byArticle = new Map((status.data?.list ?? []).map((v) => [v.articleId, v]));

  return (
    <div className="page page--promotions">
      <header className="cnt-pagehead">
        <span className="cnt-pagehead__icon" aria-hidden="true">
          <Gift size={26} />
        </span>
        <div>
          <h1>{t('promotions.title')}</h1>
          <p>{t('promotions.subtitle')}</p>
        </div>
      </header>
      {q.isError ? (
        <ErrorState title={t('promotions.error')} error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : q.isPending ? (
        <div className="cnt-promos" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="cnt-promo cnt-promo--skel" aria-hidden="true">
              <Skeleton className="cnt-promo__media" aspectRatio="2 / 1" radius={0} />
              <div className="cnt-promo__body">
                <Skeleton height={12} width="30%" />
                <Skeleton height={22} width="70%" />
                <SkeletonText lines={2} />
              </div>
            </div>
          ))}
        </div>
      ) : promotions.length === 0 ? (
        <EmptyState title={t('promotions.empty')} description={t('promotions.emptyBody')} icon={<Gift size={28} strokeWidth={1.75} />} />
      ) : (
        <PromotionList
          promotions={promotions}
          imageBase={pickBase('image', info?.imageCDNs)}
          openId={openId}
          renderAction={(p) => {
            const v = byArticle.get(p.id);
            return v && status.data ? (
              <Suspense fallback={null}>
                <PromotionActionBar view={v} currency={status.data.currency} decimals={status.data.decimals} />
              </Suspense>
            ) : null;
          }}
        />
      )}
    </div>
  );
}
