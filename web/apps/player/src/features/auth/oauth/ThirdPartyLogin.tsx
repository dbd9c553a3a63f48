// Google and Facebook buttons under the login form (spec section 2), only
// for the providers the brand can run (GET /wps/oauth/providers). A click
// navigates to the provider through /wps/oauth/<id>/start; the answer comes
// back in the address fragment and OAuthReturn finishes the login.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOAuthProviders, startUrl } from './api';
import { providerName } from './hash';
import { ProviderMark } from './marks';
import s from './oauth.module.css';

export type ThirdPartyLoginProps = { onLoggedIn?: () => void };

/** The page to come back to: where the visitor is now (never an API path). */
export function currentReturnTo(loc: Pick<Location, 'pathname' | 'search'> = window.location): string {
  const path = loc.pathname + loc.search;
  return path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

export function ThirdPartyLogin(_props: ThirdPartyLoginProps) {
  const { t } = useTranslation('auth', { useSuspense: true });
  const { data: providers } = useOAuthProviders();
  const [going, setGoing] = useState<string>();
  // Coming back with the browser's Back button (page cache) re-enables the buttons.
  useEffect(() => {
    const reset = () => setGoing(undefined);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);
  if (!providers?.length) return null;
  return (
    <div className={s.block} data-testid="third-party-login">
      <p className={s.or}>{t('oauth.or')}</p>
      <div className={s.buttons} role="group" aria-label={t('oauth.groupLabel')}>
        {providers.map((p) => (
          <button
            key={p.id}
            type="button"
            className={`${s.provider} ${p.id === 'facebook' ? s.facebook : s.google}`}
            aria-label={t('oauth.continueWith', { provider: providerName(p.id) })}
            aria-busy={going === p.id || undefined}
            disabled={!!going}
            onClick={() => {
              setGoing(p.id);
              window.location.assign(startUrl(p.id, currentReturnTo()));
            }}
          >
            <ProviderMark id={p.id} />
            <span>{providerName(p.id)}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
