import { FeedbackInbox } from '@/features/feedback';

export default function FeedbackRoute() {
  return <FeedbackInbox />;
}
