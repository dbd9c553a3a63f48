import { createContext, useContext } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '@palaro/ui';
import { logout, type Operator } from '@/features/session';
import { setToken } from '@/lib/session';
import { paths } from '@/lib/paths';

export const OperatorContext = createContext<Operator | null>(null);

/** The signed-in operator (inside the shell only). */
export function useOperator(): Operator {
  const op = useContext(OperatorContext);
  if (!op) throw new Error('useOperator outside the console shell');
  return op;
}

/** Signs out on the server, then forgets the token and every cached answer. */
export function useSignOut() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const { t } = useTranslation();
  const finish = () => {
    setToken(null);
    qc.clear();
    navigate(paths.login, { replace: true });
    toast('info', t('top.signedOut'));
  };
  // A failed call still ends the session here: the token is dropped either way.
  const m = useMutation({ mutationFn: logout, onSettled: finish });
  return { signOut: () => m.mutate(), pending: m.isPending, finish };
}
