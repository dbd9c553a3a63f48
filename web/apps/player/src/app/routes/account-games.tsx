// /favorite and /recent (member pages; the guard already sent visitors to /login).
import { useSystemStatus } from '@/features/system/api/status';
import { CatalogEnvProvider } from '@/features/catalog';
// Deep imports: through the feature's index these would join the chunk the home page shares.
import type { AccountListKind } from '@/features/catalog/api/accountPages';
import { AccountGames } from '@/features/catalog/components/AccountGames';
import './pages.css';

export default function AccountGamesRoute({ kind }: { kind: AccountListKind }) {
  const info = useSystemStatus().data?.info;
  return (
    <CatalogEnvProvider brand={info}>
      <div className="page page--centre">
        <AccountGames key={kind} kind={kind} />
      </div>
    </CatalogEnvProvider>
  );
}
