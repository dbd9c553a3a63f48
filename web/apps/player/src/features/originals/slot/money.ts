// Money text for parts that may render outside the game frame (the recall
// page's replay): the frame's formatter when there is one, else plain
// "1,234.50 PHP" with 2 decimals.
import { useContext } from 'react';
import { formatMinor } from '@/lib/format';
import { GameShellContext } from '../shell';

export function useOptionalShellMoney(currency?: string): (minor: number) => string {
  const shell = useContext(GameShellContext);
  if (shell) return shell.formatMoney;
  return (minor: number) => `${formatMinor(minor, 2)}${currency ? ` ${currency}` : ''}`;
}
