import { useTranslation } from 'react-i18next';
import { Moon, Sun } from 'lucide-react';
import { IconButton } from '@/components/ui/IconButton';
import { useThemeMode } from '../theme-mode';

export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation('layout');
  const { mode, toggle } = useThemeMode();
  const label = mode === 'dark' ? t('layout:theme.toLight') : t('layout:theme.toDark');
  return (
    <IconButton
      className={className}
      label={label}
      onClick={toggle}
      data-testid="theme-toggle"
      data-mode={mode}
      icon={mode === 'dark' ? <Sun size={20} aria-hidden="true" /> : <Moon size={20} aria-hidden="true" />}
    />
  );
}
