import { useParams } from 'react-router';
import { FeedbackDetail } from '@/features/feedback';
import { useOperator } from '../layout/operator';
import NotFound from './not-found';

export default function FeedbackItemRoute() {
  const { id } = useParams();
  const op = useOperator();
  const n = Number(id);
  if (!/^\d{1,18}$/.test(id ?? '') || n <= 0) return <NotFound />;
  return <FeedbackDetail key={n} id={n} canReply={op.permissions.includes('feedback.reply')} />;
}
