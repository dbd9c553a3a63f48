// Header navigation with per-category vendor drop-downs (hover or keyboard focus).
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { ChevronDown, LayoutGrid } from 'lucide-react';
import { cdnUrl, pickBase } from '@/lib/cdn';
import { useUiActions } from '@/lib/ui-actions';
import type { VendorCard } from '@/features/catalog/types';
import { useBrandInfo } from '../brand';
import { NavIcon } from './icons';
import { headerNav, type HeaderNavItem } from './nav';
import { useShellCategories } from './useShellData';
import s from './HeaderNav.module.css';

export function HeaderNav() {
  const { t } = useTranslation('layout');
  const { categories } = useShellCategories();
  const items = headerNav(categories);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);

  const openNow = (key: string) => {
    clearTimeout(closeTimer.current);
    setOpenKey(key);
  };
  const closeSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpenKey(null), 120);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && openKey) {
      setOpenKey(null);
      (e.currentTarget.querySelector(`[data-nav-key="${openKey}"]`) as HTMLElement | null)?.focus();
    }
  };

  return (
    <nav className={s.nav} aria-label={t('layout:header.navLabel')} onKeyDown={onKeyDown} data-testid="header-nav">
      <ul className={s.list}>
        {items.map((item) => (
          <li
            key={item.key}
            className={s.item}
            onMouseEnter={() => item.kind === 'category' && openNow(item.key)}
            onMouseLeave={closeSoon}
            onFocus={() => (item.kind === 'category' ? openNow(item.key) : setOpenKey(null))}
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node)) closeSoon();
            }}
          >
            <NavEntry item={item} expanded={openKey === item.key} onActivate={() => setOpenKey(null)} />
            {item.kind === 'category' && openKey === item.key && <VendorDropdown item={item} onDone={() => setOpenKey(null)} />}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function NavEntry({ item, expanded, onActivate }: { item: HeaderNavItem; expanded: boolean; onActivate: () => void }) {
  const { t } = useTranslation('layout');
  const { launch } = useUiActions();
  const label = t(`layout:nav.${item.key}`);
  const content = (
    <>
      <NavIcon code={item.key} size={20} className={s.icon} />
      <span className={s.label}>{label}</span>
      {item.kind === 'category' && <ChevronDown size={12} aria-hidden="true" className={s.chev} />}
    </>
  );
  if (item.kind === 'category' && item.action === 'launch') {
    const v = item.vendors[0];
    return (
      <button
        type="button"
        className={s.link}
        data-nav-key={item.key}
        data-action="launch"
        aria-expanded={expanded}
        title={label}
        onClick={() => {
          onActivate();
          launch({ vassalage: v.vassalage, gameType: v.gameType, isGame: v.isGame, launchMode: v.launchMode, name: v.displayName, header: true });
        }}
      >
        {content}
      </button>
    );
  }
  return (
    <NavLink
      to={item.to}
      end={item.kind === 'home'}
      className={({ isActive }) => [s.link, isActive ? s.active : ''].join(' ')}
      data-nav-key={item.key}
      data-action="navigate"
      aria-expanded={item.kind === 'category' ? expanded : undefined}
      title={label}
      onClick={onActivate}
    >
      {content}
    </NavLink>
  );
}

function VendorDropdown({ item, onDone }: { item: Extract<HeaderNavItem, { kind: 'category' }>; onDone: () => void }) {
  const { t } = useTranslation('layout');
  const { launch } = useUiActions();
  const info = useBrandInfo();
  const base = pickBase('image', info.imageCDNs);
  const start = (v: VendorCard) => {
    onDone();
    launch({ vassalage: v.vassalage, gameType: v.gameType, isGame: v.isGame, launchMode: v.launchMode, name: v.displayName, header: true });
  };
  return (
    <div className={s.dropdown} role="group" aria-label={t('layout:header.vendorsOf', { category: t(`layout:nav.${item.key}`) })} data-testid={`nav-dropdown-${item.key}`}>
      <div className={s.grid}>
        {item.dropdown.tiles.map((v) => (
          <button key={v.vassalage} type="button" className={s.tile} onClick={() => start(v)} data-testid="nav-vendor-tile" data-vendor={v.vassalage}>
            <span className={s.tileArt}>
              <img src={cdnUrl(base, v.lagerIcon)} alt="" loading="lazy" width={120} height={60} />
            </span>
            <span className={s.tileName}>{v.displayName}</span>
          </button>
        ))}
        {item.dropdown.more && (
          <Link to={item.to} className={[s.tile, s.more].join(' ')} onClick={onDone} data-testid="nav-more-tile">
            <span className={s.tileArt}>
              <LayoutGrid size={26} aria-hidden="true" />
            </span>
            <span className={s.tileName}>{t('layout:header.more')}</span>
          </Link>
        )}
      </div>
    </div>
  );
}
