// Loaded by OAuthReturn only when the address carries a provider's answer:
// reads it once, takes it out of the address, and opens the dialog.
import { useState } from 'react';
import { parseOAuthHash, stripHash, type OAuthReturn as Answer } from './hash';
import OAuthDialogs from './OAuthDialogs';

// Read once per page load (and not again on a remount or a StrictMode rerun).
let taken: Answer | null | undefined;
function takeAnswer(): Answer | null {
  if (taken === undefined) {
    taken = typeof window === 'undefined' ? null : parseOAuthHash(window.location.hash);
    if (taken) stripHash();
  }
  return taken;
}

export default function OAuthFinish({ onDone }: { onDone: () => void }) {
  const [answer] = useState<Answer | null>(takeAnswer);
  if (!answer) return null;
  return (
    <OAuthDialogs
      answer={answer}
      onDone={() => {
        taken = null;
        onDone();
      }}
    />
  );
}
