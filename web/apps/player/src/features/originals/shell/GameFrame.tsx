// The frame every Palaro Original plays in (what the game popup's iframe
// loads): top bar with the game's name, balance, sound, fairness and recall
// buttons; the translated error bar; the seeds and recall panels; the game
// itself, lazily loaded by slug.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Headset, History, ShieldCheck, Volume2, VolumeX, X } from 'lucide-react';
import { Dialog, ErrorState, IconButton, Spinner } from '@/components/ui';
import { formatMinor } from '@/lib/format';
import { usePrefersReducedMotion } from '@/lib/motion';
import { activeQuery, configQuery, type GameSlug } from '../api';
import { SeedsPanel } from '../seeds/SeedsPanel';
import { RoundHistory } from '../history/RoundHistory';
import { OpenVerifyContext } from '../verify/link';
import { GameShellContext, type GameShell } from './context';
import { originalsError } from './errors';
import { gameComponent, WATCHABLE } from './registry';
import { playEffect, readMuted, writeMuted, type Effect } from './sound';
import { GameArt } from './GameArt';
import s from './GameFrame.module.css';

// The verifier opens inside the frame (a new tab would lose the per-tab session).
const VerifierFromQuery = lazy(() => import('../verify/VerifierPage').then((m) => ({ default: m.VerifierFromQuery })));

export type FrameBalance = { balance: number; currency: string; currencySymbol: string; decimals: number };

export type GameFrameProps = {
  game: GameSlug;
  token: string | undefined;
  /** The wallet's balance (the route passes the header's live query). */
  balance: FrameBalance | undefined;
  onBalance: (minor: number) => void;
  /** Shown instead of the game for visitors (the route's login prompt), except in watchable games. */
  loggedOut?: ReactNode;
  /** Opens the login prompt. */
  onLogin?: () => void;
  /** Opens customer service in this tab (the route decides how), so the player stays signed in. */
  onCustomerService?: () => void;
};

export function GameFrame({ game, token, balance, onBalance, loggedOut, onLogin, onCustomerService }: GameFrameProps) {
  const { t } = useTranslation('originals', { useSuspense: true });
  const qc = useQueryClient();
  const config = useQuery(configQuery());
  const active = useQuery(activeQuery(token));
  const reducedMotion = usePrefersReducedMotion();
  const [muted, setMuted] = useState(readMuted);
  const [error, setError] = useState<string | null>(null);
  const [panel, setPanel] = useState<'seeds' | 'history' | 'verify' | null>(null);
  const [verifyQuery, setVerifyQuery] = useState('');
  const openVerify = useCallback((query: string) => {
    setVerifyQuery(query);
    setPanel('verify');
  }, []);

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), 6000);
    return () => clearTimeout(timer);
  }, [error]);

  const toggleMute = () => {
    setMuted((m) => {
      writeMuted(!m);
      return !m;
    });
  };

  const decimals = balance?.decimals ?? (config.data?.decimals as number | undefined) ?? 2;
  const currency = balance?.currency ?? config.data?.currency ?? '';
  const symbol = balance?.currencySymbol?.trim() || '';
  const formatMoney = useCallback(
    (minor: number) => {
      const amount = formatMinor(minor, decimals);
      return symbol && symbol !== currency ? `${symbol}${amount}` : currency ? `${amount} ${currency}` : amount;
    },
    [decimals, symbol, currency],
  );

  const shell = useMemo<GameShell | null>(() => {
    if (!config.data) return null;
    return {
      game,
      config: config.data,
      token,
      limits: config.data.games?.[game] ?? { minBet: 100, maxBet: 1_000_000 },
      balance: balance?.balance,
      currency,
      decimals,
      formatMoney,
      setBalance: onBalance,
      muted,
      play: (e: Effect, pitch?: number) => playEffect(e, muted, pitch),
      reducedMotion,
      showError: (err: unknown) => setError(originalsError(t, err)),
      clearError: () => setError(null),
      roundChanged: () => {
        void qc.invalidateQueries({ queryKey: ['originals', 'seeds'] });
        void qc.invalidateQueries({ queryKey: ['originals', 'rounds'] });
        void qc.invalidateQueries({ queryKey: ['originals', 'active'] });
      },
      active: active.data ?? [],
      login: () => onLogin?.(),
      openSeeds: () => setPanel('seeds'),
      openHistory: () => setPanel('history'),
    };
  }, [config.data, game, token, balance?.balance, currency, decimals, formatMoney, onBalance, muted, reducedMotion, t, qc, active.data, onLogin]);

  const Game = gameComponent(game);
  const title = t(`games.${game}.name`);

  useEffect(() => {
    document.title = `${title} · ${t('brand')}`;
  }, [title, t]);

  return (
    <OpenVerifyContext.Provider value={openVerify}>
    <div className={s.frame} data-game={game} data-testid="originals-frame">
      <header className={s.bar}>
        <div className={s.titleWrap}>
          <GameArt game={game} className={s.badge} />
          <div className={s.titles}>
            <span className={s.kicker}>{t('brand')}</span>
            <h1 className={s.title}>{title}</h1>
          </div>
        </div>
        <div className={s.tools}>
          {token && (
            <div className={s.balance} aria-live="polite" data-testid="originals-balance">
              <span className={s.balanceLabel}>{t('frame.balance')}</span>
              <span className={s.balanceValue}>{balance ? formatMoney(balance.balance) : '—'}</span>
            </div>
          )}
          <IconButton
            label={muted ? t('frame.unmute') : t('frame.mute')}
            icon={muted ? <VolumeX size={20} aria-hidden="true" /> : <Volume2 size={20} aria-hidden="true" />}
            onClick={toggleMute}
            aria-pressed={muted}
            data-testid="originals-mute"
            className={s.tool}
          />
          {token && (
            <IconButton label={t('frame.fairness')} icon={<ShieldCheck size={20} aria-hidden="true" />} onClick={() => setPanel('seeds')} data-testid="originals-fairness" className={s.tool} />
          )}
          {token && (
            <IconButton label={t('frame.history')} icon={<History size={20} aria-hidden="true" />} onClick={() => setPanel('history')} data-testid="originals-history" className={s.tool} />
          )}
          {onCustomerService && (
            <IconButton label={t('frame.customerService')} icon={<Headset size={20} aria-hidden="true" />} onClick={onCustomerService} data-testid="originals-customer-service" className={s.tool} />
          )}
        </div>
      </header>
      {error && (
        <div className={s.alert} role="alert" data-testid="originals-error">
          <span>{error}</span>
          <IconButton label={t('frame.dismiss')} icon={<X size={16} aria-hidden="true" />} onClick={() => setError(null)} className={s.alertClose} />
        </div>
      )}
      <main className={s.main}>
        {!token && loggedOut && !WATCHABLE.has(game) ? (
          loggedOut
        ) : config.isError ? (
          <ErrorState error={config.error} onRetry={() => void config.refetch()} />
        ) : !shell ? (
          <FrameSpinner />
        ) : (
          <GameShellContext.Provider value={shell}>
            <Suspense fallback={<FrameSpinner />}>
              <Game />
            </Suspense>
          </GameShellContext.Provider>
        )}
      </main>
      {token && (
        <>
          <Dialog open={panel === 'seeds'} onClose={() => setPanel(null)} title={t('seeds.title')} size="lg" data-testid="seeds-panel">
            <SeedsPanel token={token} onError={(e) => setError(originalsError(t, e))} />
          </Dialog>
          <Dialog open={panel === 'history'} onClose={() => setPanel(null)} title={t('history.title')} size="xl" data-testid="history-panel">
            {panel === 'history' && <RoundHistory token={token} initialGame={game} />}
          </Dialog>
        </>
      )}
      <Dialog open={panel === 'verify'} onClose={() => setPanel(null)} title={t('verify.title')} size="xl" data-testid="verify-panel">
        {panel === 'verify' && (
          <Suspense fallback={<FrameSpinner />}>
            <VerifierFromQuery key={verifyQuery} query={verifyQuery} />
          </Suspense>
        )}
      </Dialog>
    </div>
    </OpenVerifyContext.Provider>
  );
}

function FrameSpinner() {
  return (
    <div className={s.loading}>
      <Spinner size={36} />
    </div>
  );
}
