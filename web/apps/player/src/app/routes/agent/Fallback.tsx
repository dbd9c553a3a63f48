// The agent pages sit outside the storefront layout (and its Suspense): they
// wait for their translations (the lazy 'agent' namespace) here.
import { Suspense, type ReactNode } from 'react';
import { Spinner } from '@/components/ui';
import s from './AgentLanding.module.css';

export function AgentSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className={s.fallback}>
          <Spinner size={32} />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
