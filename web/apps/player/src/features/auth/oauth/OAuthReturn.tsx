// Rendered once at the app root (RootShell): when the address carries the
// answer of a Google or Facebook login (#oauth=, #oauthLink=, #oauthError=),
// OAuthFinish takes it out of the address and opens the dialog that finishes
// the login. That code (and the auth translations) loads only then.
import { lazy, Suspense, useState } from 'react';

const OAuthFinish = lazy(() => import('./OAuthFinish'));

/** A cheap test of the fragment; hash.ts parses and checks it properly. */
export function hasOAuthAnswer(hash: string): boolean {
  return /(?:^#|&)(?:oauth|oauthLink|oauthError)=/.test(hash);
}

export function OAuthReturn() {
  const [pending, setPending] = useState(() => typeof window !== 'undefined' && hasOAuthAnswer(window.location.hash));
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <OAuthFinish onDone={() => setPending(false)} />
    </Suspense>
  );
}
