export { FeedbackInbox } from './components/FeedbackInbox';
export { FeedbackDetail } from './components/FeedbackDetail';
