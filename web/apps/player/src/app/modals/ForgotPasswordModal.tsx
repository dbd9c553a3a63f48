// PLACEHOLDER (issue 3 in progress): replaced by the real forgot-password popup.
import { Dialog } from '@/components/ui';

export type ForgotPasswordModalProps = { open: boolean; onClose: () => void; onLogin: () => void };

export default function ForgotPasswordModal({ open, onClose }: ForgotPasswordModalProps) {
  return <Dialog open={open} onClose={onClose} title="" size="md" data-testid="forgot-password-modal" />;
}
