// "As the storefront shows it": the server's sanitiser gives the HTML the
// storefront receives, and it is laid out here with the storefront's own
// palette, type and shapes (night-market dark, gold accents, 3:1 banners,
// promotion cards, the notice modal). The console's policy forbids frames,
// so the preview is a styled panel, not the storefront in an iframe
// (docs/content.md).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { previewHtml } from '../api/content';
import s from './Preview.module.css';

export type PreviewItem = { kind: 'banner' | 'PL' | 'H' | 'PU' | 'PR' | 'AG' | 'help'; title: string; html: string; summary?: string; image?: string };

export function Preview({ item }: { item: PreviewItem }) {
  const { t } = useTranslation('console-content');
  const clean = useQuery({ queryKey: ['ops', 'content', 'preview', item.html], queryFn: () => previewHtml(item.html), enabled: item.html !== '' });
  const html = item.html === '' ? '' : (clean.data ?? '');
  return (
    <div className={s.store} data-testid="storefront-preview">
      {item.kind === 'banner' && (
        <div className={s.banner}>
          {item.image && <img src={item.image} alt={item.title} width={1200} height={400} />}
        </div>
      )}
      {item.kind === 'PR' && (
        <article className={s.promo}>
          {item.image && <img src={item.image} alt="" width={800} height={400} />}
          <h3>{item.title}</h3>
          <p className={s.summary}>{item.summary}</p>
          <div className={s.prose} dangerouslySetInnerHTML={{ __html: html }} />
        </article>
      )}
      {item.kind === 'H' && <div className={s.marquee}>{item.title}</div>}
      {(item.kind === 'PL' || item.kind === 'PU' || item.kind === 'AG' || item.kind === 'help') && (
        <div className={s.modal}>
          <h3>{item.title}</h3>
          <div className={s.prose} dangerouslySetInnerHTML={{ __html: html }} />
        </div>
      )}
      {clean.isError && <p className={s.note}>{t('preview.failed')}</p>}
    </div>
  );
}
