// The Palaro Originals routes, in one small chunk: the entry chunk lists the
// static dependencies of every lazily loaded route, so these stay tiny (no
// CSS, no features) and load their pages as a second chunk, started as soon
// as this one runs.
//   /originals/:game  a game full-frame, without the storefront shell: what
//                     the game popup's iframe loads (launch answers
//                     /originals/<slug> for the BGS in-house games)
//   /originals/verify the public in-browser verifier (recall links fill it in
//                     through the query string)
//   /originals/history the member's recall
import { lazy, Suspense, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui';
import { isGameSlug } from '@/features/originals/slugs';
import NotFound from '../not-found';

const loadGame = () => import('./GameScreen');
const loadVerify = () => import('@/features/originals/verify/VerifierPage').then((m) => ({ default: m.VerifierFromQuery }));
const loadHistory = () => import('./HistoryPage');
const GameScreen = lazy(loadGame);
const VerifierFromQuery = lazy(loadVerify);
const HistoryPage = lazy(loadHistory);

function Page({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div style={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
          <Spinner size={36} />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

export function OriginalsGame() {
  const { game } = useParams();
  if (!isGameSlug(game)) return <NotFound />;
  void loadGame();
  return (
    <Page>
      <GameScreen game={game} />
    </Page>
  );
}

export function OriginalsVerify() {
  const [q] = useSearchParams();
  const query = q.toString();
  return (
    <Page>
      <VerifierFromQuery key={query} query={query} />
    </Page>
  );
}

export function OriginalsHistory() {
  return (
    <Page>
      <HistoryPage />
    </Page>
  );
}
