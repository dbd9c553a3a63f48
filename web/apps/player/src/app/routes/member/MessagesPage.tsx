// Personal centre page: platform messages (messageV2), inside the personal centre layout.
import { MessageCentre } from '@/features/messages/components/MessageCentre';

export default function MessagesPage() {
  return <MessageCentre />;
}
