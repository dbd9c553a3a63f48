// Rendered once at the app root (RootShell): when the address carries the
// answer of a Google or Facebook login (#oauth=, #oauthLink=, #oauthError=),
// it takes it out of the address and opens the dialog that finishes the
// login. The dialogs (and the auth translations) load only then.
import { lazy, Suspense, useState } from 'react';
import { parseOAuthHash, stripHash, type OAuthReturn as Answer } from './hash';

const OAuthDialogs = lazy(() => import('./OAuthDialogs'));

// Read once per page load (and not again on a remount or a StrictMode rerun).
let taken: Answer | null | undefined;
function takeAnswer(): Answer | null {
  if (taken === undefined) {
    taken = typeof window === 'undefined' ? null : parseOAuthHash(window.location.hash);
    if (taken) stripHash();
  }
  return taken;
}

export function OAuthReturn() {
  const [answer, setAnswer] = useState<Answer | null>(takeAnswer);
  if (!answer) return null;
  return (
    <Suspense fallback={null}>
      <OAuthDialogs answer={answer} onDone={() => {
          taken = null;
          setAnswer(null);
        }} />
    </Suspense>
  );
}
