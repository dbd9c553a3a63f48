import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@/lib/paths';
import { useOperator } from './operator';

/** Sends an operator whose role may not open the screen back to the overview. */
export function Guard({ allowed, children }: { allowed: (permissions: readonly string[]) => boolean; children: ReactNode }) {
  const op = useOperator();
  if (!allowed(op.permissions)) return <Navigate to={paths.home} replace />;
  return <>{children}</>;
}
