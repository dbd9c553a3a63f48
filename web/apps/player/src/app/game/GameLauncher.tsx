// The game popup (spec sections 2 and 4), loaded on the first launch click:
// asks GET /wps/game/launchGame, then shows the game in an iframe modal (full
// screen on a phone) or sends the window opened on the click to it. A visitor
// gets the login prompt, a trial user the real-account dialog, a game under
// maintenance a screen with other games to play; a VASSALAGE vendor lists its
// games here, each of which launches.
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ExternalLink, Gamepad2, Wrench } from 'lucide-react';
import { Dialog, EmptyState, ErrorState, Spinner, buttonClassName } from '@/components/ui';
import { cdnUrl, pickBase } from '@/lib/cdn';
import type { LaunchTarget } from '@/lib/ui-actions';
import { useBrandInfo } from '../brand';
import type { GameRequest } from '../modals/UiActionsProvider';
import { launchRoute } from '../modals/launch';
import { cardName, deviceFor, launchGame, recommendedGames, vendorGames, type GameCard } from './api';
import { blockFor, closeQuietly, deliver } from './windowLaunch';
import s from './GameLauncher.module.css';

type View =
  | { kind: 'loading' }
  | { kind: 'iframe'; url: string }
  | { kind: 'blocked'; url: string }
  | { kind: 'maintenance' }
  | { kind: 'error'; error: unknown }
  | { kind: 'list' };

export type GameLauncherProps = {
  request: GameRequest | null;
  /** The provider's modal state: closes the popup (game: null), opens the login prompt or the real-account dialog. */
  set(patch: { game: null; notLoggedIn?: boolean; trialBlock?: boolean }): void;
  launch(target: LaunchTarget): void;
  navigate(to: string): void;
};

function useLanguageCode() {
  const { i18n } = useTranslation();
  return (i18n.language || 'TY').toUpperCase();
}

export default function GameLauncher({ request, set, launch: onLaunch, navigate }: GameLauncherProps) {
  const onClose = () => set({ game: null });
  const onLogin = () => set({ game: null, notLoggedIn: true });
  const onTrial = () => set({ game: null, trialBlock: true });
  const onNavigate = (to: string) => {
    set({ game: null });
    navigate(to);
  };
  const { t } = useTranslation(['games', 'common'], { useSuspense: true });
  const language = useLanguageCode();
  // Keep the last request while the dialog fades out.
  const last = useRef<GameRequest | null>(null);
  if (request) last.current = request;
  const req = request ?? last.current;
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const handlers = useRef({ onClose, onLogin, onTrial, onNavigate });
  handlers.current = { onClose, onLogin, onTrial, onNavigate };
  const route = req ? launchRoute(req.target) : null;

  useEffect(() => {
    if (!request || !route) return;
    if (route.kind === 'page') {
      closeQuietly(request.win);
      handlers.current.onNavigate(route.to);
      return;
    }
    if (route.kind === 'vendorGames') {
      closeQuietly(request.win);
      setView({ kind: 'list' });
      return;
    }
    setView({ kind: 'loading' });
    const ctl = new AbortController();
    let settled = false;
    const device = deviceFor(typeof window === 'undefined' ? 1440 : window.innerWidth);
    launchGame(request.target, language, device, ctl.signal).then(
      (answer) => {
        settled = true;
        const outcome = deliver(answer, attempt === 0 ? request.win : null, (url, target) => window.open(url, target));
        if (outcome === 'window') handlers.current.onClose();
        else if (outcome === 'blocked') setView({ kind: 'blocked', url: answer.url });
        else setView({ kind: 'iframe', url: answer.url });
      },
      (error: unknown) => {
        if (ctl.signal.aborted) return;
        settled = true;
        closeQuietly(request.win);
        const block = blockFor(error);
        if (block === 'login') handlers.current.onLogin();
        else if (block === 'realAccount') handlers.current.onTrial();
        else if (block === 'maintenance') setView({ kind: 'maintenance' });
        else setView({ kind: 'error', error });
      },
    );
    return () => {
      ctl.abort();
      // Closed before the answer: the blank window has nothing to show.
      if (!settled) closeQuietly(request.win);
    };
    // A new request (seq) or a retry starts a new launch; the language is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request?.seq, attempt]);

  const target = req?.target;
  const name = target?.name || target?.vassalage || '';
  const full = view.kind === 'iframe';
  const title =
    view.kind === 'maintenance' ? t('games:maintenance.title') : view.kind === 'list' ? t('games:launch.vendorGames', { name }) : name;

  return (
    <Dialog
      open={request !== null && route?.kind !== 'page'}
      onClose={onClose}
      title={title}
      size={full ? 'xl' : 'lg'}
      closeOnOverlay={!full}
      className={[s.panel, full ? s.playing : ''].join(' ')}
      bodyClassName={full ? s.frameBody : s.body}
      data-testid="game-popup"
    >
      <div className={s.stage} data-view={view.kind}>
        {view.kind === 'loading' && (
          <div className={s.center} role="status" data-testid="game-loading">
            <Spinner size={36} decorative />
            <p>{t('games:launch.loading', { name: name || t('games:launch.lotteryTitle') })}</p>
          </div>
        )}
        {view.kind === 'iframe' && (
          <iframe
            key={view.url}
            className={s.frame}
            src={view.url}
            title={t('games:launch.frameTitle', { name })}
            allow="autoplay; fullscreen; clipboard-write"
            allowFullScreen
            data-testid="game-frame"
          />
        )}
        {view.kind === 'blocked' && (
          <EmptyState
            icon={<ExternalLink size={28} strokeWidth={1.75} />}
            title={t('games:launch.windowBlocked')}
            action={
              <a className={buttonClassName()} href={view.url} target="_blank" rel="noopener noreferrer" onClick={onClose} data-testid="game-open-window">
                {t('games:launch.openWindow')}
              </a>
            }
          />
        )}
        {view.kind === 'error' && (
          <div data-testid="game-error">
            <ErrorState title={t('games:launch.failed')} error={view.error} onRetry={() => setAttempt((n) => n + 1)} />
          </div>
        )}
        {view.kind === 'maintenance' && target && <Maintenance target={target} name={name} language={language} onLaunch={onLaunch} />}
        {view.kind === 'list' && target && <VendorGames target={target} language={language} onLaunch={onLaunch} />}
      </div>
    </Dialog>
  );
}

export function Maintenance({ target, name, language, onLaunch }: { target: LaunchTarget; name: string; language: string; onLaunch(t: LaunchTarget): void }) {
  const { t } = useTranslation('games');
  const rec = useQuery({
    queryKey: ['games', 'recommended', target.nodeId ?? 0, target.gameType, target.vassalage, language],
    queryFn: ({ signal }) => recommendedGames(target, language, signal),
    staleTime: 60_000,
  });
  const list = rec.data?.list ?? [];
  return (
    <section className={s.maint} data-testid="game-maintenance">
      <div className={s.maintHead}>
        <span className={s.maintIcon} aria-hidden="true">
          <Wrench size={26} />
        </span>
        <p>{t('games:maintenance.body', { name })}</p>
      </div>
      <h3 className={s.subhead}>{t('games:maintenance.recommended')}</h3>
      {rec.isPending && (
        <div className={s.center}>
          <Spinner size={28} decorative />
        </div>
      )}
      {rec.isError && <ErrorState compact error={rec.error} onRetry={() => void rec.refetch()} />}
      {rec.isSuccess && list.length === 0 && <p className={s.muted}>{t('games:maintenance.none')}</p>}
      {list.length > 0 && <Cards games={list} onLaunch={onLaunch} testId="game-recommended" />}
    </section>
  );
}

function VendorGames({ target, language, onLaunch }: { target: LaunchTarget; language: string; onLaunch(t: LaunchTarget): void }) {
  const { t } = useTranslation('games');
  const q = useQuery({
    queryKey: ['games', 'vendorList', target.vassalage, target.gameType, language],
    queryFn: ({ signal }) => vendorGames(target.vassalage, target.gameType, language, signal),
    staleTime: 5 * 60_000,
  });
  if (q.isPending)
    return (
      <div className={s.center} role="status">
        <Spinner size={32} decorative />
      </div>
    );
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const games = q.data.games ?? [];
  if (!games.length) return <EmptyState icon={<Gamepad2 size={28} strokeWidth={1.75} />} title={t('games:launch.vendorEmpty')} />;
  return <Cards games={games} onLaunch={onLaunch} testId="game-vendor-list" />;
}

function Cards({ games, onLaunch, testId }: { games: GameCard[]; onLaunch(t: LaunchTarget): void; testId: string }) {
  const info = useBrandInfo();
  const base = pickBase('image', info?.imageCDNs);
  return (
    <ul className={s.cards} data-testid={testId}>
      {games.map((g) => (
        <li key={g.nodeId}>
          <Card game={g} base={base} onLaunch={onLaunch} />
        </li>
      ))}
    </ul>
  );
}

function Card({ game, base, onLaunch }: { game: GameCard; base: string; onLaunch(t: LaunchTarget): void }) {
  const { t } = useTranslation('games');
  const [failed, setFailed] = useState(false);
  const name = cardName(game);
  const src = cdnUrl(base, game.showIcon || game.iconUrl);
  return (
    <button
      type="button"
      className={s.card}
      disabled={game.maintenance}
      data-testid="game-card"
      data-node={game.nodeId}
      onClick={() => onLaunch({ nodeId: game.nodeId, vassalage: game.vassalage, gameType: game.gameType, gameCode: game.gameCode, name })}
    >
      <span className={s.cardArt}>
        {src && !failed ? (
          <img src={src} alt="" width={160} height={160} loading="lazy" decoding="async" onError={() => setFailed(true)} />
        ) : (
          // Default art for a missing or broken image (the catalogue's DefaultGameIcon would split
          // into a chunk of its own shared with the home page, costing the home page a request).
          <span className={s.fallback} data-testid="game-card-fallback">
            <Gamepad2 size={40} strokeWidth={1.5} aria-hidden="true" />
          </span>
        )}
        <span className={s.cardPlay} aria-hidden="true">
          {t('games:maintenance.play')}
        </span>
      </span>
      <span className={s.cardName} title={name}>
        {name}
      </span>
    </button>
  );
}

