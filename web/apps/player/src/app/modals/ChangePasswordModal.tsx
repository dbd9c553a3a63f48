// PLACEHOLDER (issue 3 in progress): replaced by the real change-password modal.
import { Dialog } from '@/components/ui';

export type ChangePasswordModalProps = {
  open: boolean;
  /** Forced after login with a default or expired password: cannot be dismissed without changing. */
  forced: boolean;
  onClose: () => void;
  /** Called after a successful change (the provider reloads login info and goes to /). */
  onChanged: () => void;
};

export default function ChangePasswordModal({ open, onClose }: ChangePasswordModalProps) {
  return <Dialog open={open} onClose={onClose} title="" size="md" data-testid="change-password-modal" />;
}
