// The shared accessible dialog (@palaro/ui) with the storefront's labels.
import { useTranslation } from 'react-i18next';
import { Dialog as UiDialog, type DialogProps as UiDialogProps } from '@palaro/ui/src/Dialog';

export { DIALOG_FADE_MS, prefersReducedMotion, type DialogSize } from '@palaro/ui/src/Dialog';
export type DialogProps = Omit<UiDialogProps, 'closeLabel'>;

export function Dialog(props: DialogProps) {
  const { t } = useTranslation('common');
  return <UiDialog {...props} closeLabel={t('common:close')} />;
}
