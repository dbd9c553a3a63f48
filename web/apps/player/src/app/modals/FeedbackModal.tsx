// PLACEHOLDER (issue 3 in progress): replaced by the real feedback modal.
import { Dialog } from '@/components/ui';

export type FeedbackModalProps = { open: boolean; onClose: () => void };

export default function FeedbackModal({ open, onClose }: FeedbackModalProps) {
  return <Dialog open={open} onClose={onClose} title="" size="md" data-testid="feedback-modal" />;
}
