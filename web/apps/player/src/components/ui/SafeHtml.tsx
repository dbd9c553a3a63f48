// Server HTML (announcements, notices, help) is sanitised on the server and
// again here (lib/sanitize) before it reaches the DOM.
import { useMemo } from 'react';
import { sanitizeHtml } from '@/lib/sanitize';
import s from './SafeHtml.module.css';

export { sanitizeHtml };

export type SafeHtmlProps = {
  html: string;
  className?: string;
  /** Click handler on the content (e.g. to intercept in-app links). */
  onClick?: React.MouseEventHandler<HTMLDivElement>;
  id?: string;
};

export function SafeHtml({ html, className, onClick, id }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // onClick only receives clicks delegated from the links inside, which keyboards reach themselves.
  return <div id={id} dir="auto" className={[s.prose, className ?? ''].join(' ')} onClick={onClick} dangerouslySetInnerHTML={{ __html: clean }} />;
}
