// Agent centre: platform messages (spec agent-centre nav), the storefront's
// message centre inside the agent layout.
import { MessageCentre } from '@/features/messages/components/MessageCentre';

export default function MessagesPage() {
  return <MessageCentre />;
}
