// Platform messages and pushed notices (contract "Notifications"): the unread
// count (real users only), the messageV2 list, and the toasts for realtime
// 'notice' events. Members only: reached from the lazily loaded member menu
// and the personal centre, never from the entry chunk.
export { useUnreadCount } from './hooks/useUnread';
export { UnreadBadge } from './components/UnreadBadge';
export { MessagesMenuItem } from './components/MessagesMenuItem';
export { NoticeToasts, refreshAfterNotice, NOTICE_TOAST_MS } from './components/NoticeToasts';
export { unreadQuery, messagesQuery, markRead, markAllRead, NOTICE_KINDS } from './api/messages';
export type { Message, MessagePage, NoticeEvent, NoticeKind } from './api/messages';
