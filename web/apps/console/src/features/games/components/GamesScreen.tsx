// The games screen: vendors, games and the in-house games' settings, each a
// tab (kept in the URL). Operators without games.write read only.
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@palaro/ui';
import { PageHeader } from '@/components/ui/PageHeader';
import { GamesTab, InhouseTab, VendorsTab } from './Tabs';

const TABS = ['vendors', 'games', 'inhouse'] as const;

export function GamesScreen({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('console-games');
  const [sp, setSp] = useSearchParams();
  const tab = TABS.find((k) => k === sp.get('tab')) ?? 'vendors';
  return (
    <>
      <PageHeader title={t('title')} intro={canWrite ? t('intro') : t('introRead')} />
      <Tabs tabs={TABS.map((k) => ({ key: k, label: t(`tab.${k}`) }))} value={tab} onChange={(k) => setSp(k === 'vendors' ? {} : { tab: k })} label={t('tabs')}>
        {tab === 'vendors' ? <VendorsTab canWrite={canWrite} /> : tab === 'games' ? <GamesTab canWrite={canWrite} /> : <InhouseTab canWrite={canWrite} />}
      </Tabs>
    </>
  );
}
