// The /member/* route: the centre layout around the page named by the path
// (registry.ts), "" being the security centre. Pages are code-split; the
// route loader preloads the page's chunk so it renders without a fallback.
import { createElement, lazy, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Compass } from 'lucide-react';
import { EmptyState, buttonClassName } from '@/components/ui';
import { paths } from '@/lib/paths';
import CentreLayout from './CentreLayout';
import { CENTRE_PAGES } from './registry';

type Loader = () => Promise<{ default: ComponentType }>;
type Page = { Component: ComponentType; preload: () => Promise<null> };

function lazyPage(load: Loader): Page {
  let loaded: ComponentType | undefined;
  const Lazy = lazy(load);
  return {
    Component: () => createElement(loaded ?? Lazy),
    preload: async () => {
      loaded = (await load()).default;
      return null;
    },
  };
}

const security = lazyPage(() => import('../MemberPage'));
const pages = new Map<string, Page>(CENTRE_PAGES.map((p) => [p.key.toLowerCase(), lazyPage(p.load)]));

/** The page for the part of the path after /member/ ("" is the security centre); undefined when there is none. */
export function centrePageFor(rest: string): Page | undefined {
  const key = rest.replace(/\/+$/, '');
  if (key === '') return security;
  if (key.includes('/')) return undefined;
  return pages.get(key.toLowerCase());
}

/** Route loader helper: loads the chunk of the page about to be shown. */
export function preloadCentrePage(rest: string): Promise<null> {
  return centrePageFor(rest)?.preload() ?? Promise.resolve(null);
}

export default function CentreRoute() {
  const rest = useParams()['*'] ?? '';
  const page = centrePageFor(rest);
  return <CentreLayout>{page ? <page.Component /> : <CentreNotFound />}</CentreLayout>;
}

function CentreNotFound() {
  const { t } = useTranslation('layout');
  return (
    <EmptyState
      icon={<Compass size={28} strokeWidth={1.75} />}
      title={t('layout:notFound.title')}
      action={
        <Link to={paths.member} className={buttonClassName({ variant: 'secondary' })}>
          {t('layout:member.myAccount')}
        </Link>
      }
    />
  );
}
