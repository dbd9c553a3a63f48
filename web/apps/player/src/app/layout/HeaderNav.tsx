// Header navigation with per-category vendor drop-downs (hover or keyboard focus).
// The entries that do not fit the bar's width (a member's balance and name,
// longer languages, 1280 px screens) go, from the end, into a "More" menu:
// nothing scrolls out of sight or is cut. The fit is measured on a hidden copy
// of the entries, again whenever the bar's width or the language changes.
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { ChevronDown, Ellipsis, LayoutGrid } from 'lucide-react';
import { cdnUrl, pickBase } from '@/lib/cdn';
import { useUiActions } from '@/lib/ui-actions';
import type { VendorCard } from '@/features/catalog/types';
import { useBrandInfo } from '../brand';
import { NavIcon } from './icons';
import { headerNav, type HeaderNavItem } from './nav';
import { useShellCategories } from './useShellData';
import s from './HeaderNav.module.css';

/** How many entries fit: widths of the entries and of the More button, in the bar's width. */
export function fitCount(widths: number[], moreWidth: number, available: number): number {
  const total = widths.reduce((a, w) => a + w, 0);
  if (total <= available) return widths.length;
  let used = moreWidth;
  let n = 0;
  while (n < widths.length && used + widths[n] <= available) used += widths[n++];
  return n;
}

export function HeaderNav() {
  const { t, i18n } = useTranslation('layout');
  const { categories } = useShellCategories();
  const items = headerNav(categories);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const navRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLUListElement>(null);
  const [shown, setShown] = useState<number | null>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const keys = items.map((i) => i.key).join(',');

  useLayoutEffect(() => {
    const nav = navRef.current;
    const ruler = measureRef.current;
    if (!nav || !ruler) return;
    const fit = () => {
      const cells = Array.from(ruler.children) as HTMLElement[];
      const widths = cells.slice(0, -1).map((c) => c.getBoundingClientRect().width + 2);
      const more = cells[cells.length - 1]?.getBoundingClientRect().width ?? 64;
      setShown(fitCount(widths, more + 2, nav.clientWidth));
    };
    fit();
    const ro = new ResizeObserver(fit);
    ro.observe(nav);
    ro.observe(ruler);
    void document.fonts?.ready.then(fit);
    return () => ro.disconnect();
  }, [keys, i18n.language]);

  const visible = shown === null ? items : items.slice(0, shown);
  const overflow = shown === null ? [] : items.slice(shown);

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
    <nav ref={navRef} className={s.nav} aria-label={t('layout:header.navLabel')} onKeyDown={onKeyDown} data-testid="header-nav" data-fitted={shown !== null}>
      <div className={s.rulerBox} aria-hidden="true">
      <ul ref={measureRef} className={[s.list, s.ruler].join(' ')}>
        {items.map((item) => (
          <li key={item.key} className={s.item}>
            <span className={s.link}>
              <NavIcon code={item.key} size={20} className={s.icon} />
              <span className={s.label}>{t(`layout:nav.${item.key}`)}</span>
            </span>
          </li>
        ))}
        <li className={s.item}>
          <span className={s.link}>
            <Ellipsis size={20} className={s.icon} />
            <span className={s.label}>{t('layout:header.more')}</span>
          </span>
        </li>
      </ul>
      </div>
      <ul className={s.list}>
        {visible.map((item) => (
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
        {overflow.length > 0 && <MoreMenu items={overflow} open={moreOpen} setOpen={setMoreOpen} />}
      </ul>
    </nav>
  );
}

function MoreMenu({ items, open, setOpen }: { items: HeaderNavItem[]; open: boolean; setOpen: (v: boolean) => void }) {
  const { t } = useTranslation('layout');
  const { launch } = useUiActions();
  const root = useRef<HTMLLIElement>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, setOpen]);
  return (
    <li
      ref={root}
      className={[s.item, s.moreItem].join(' ')}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          root.current?.querySelector<HTMLElement>('button')?.focus();
        }
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button type="button" className={s.link} aria-expanded={open} aria-haspopup="true" onClick={() => setOpen(!open)} data-testid="header-nav-more" data-more-keys={items.map((i) => i.key).join(',')}>
        <Ellipsis size={20} aria-hidden="true" className={s.icon} />
        <span className={s.label} data-nav-label>
          {t('layout:header.more')}
        </span>
      </button>
      {open && (
        <ul className={s.moreMenu} data-testid="header-nav-more-menu">
          {items.map((item) => {
            const label = t(`layout:nav.${item.key}`);
            const content = (
              <>
                <NavIcon code={item.key} size={18} className={s.icon} />
                <span>{label}</span>
              </>
            );
            return (
              <li key={item.key}>
                {item.kind === 'category' && item.action === 'launch' ? (
                  <button
                    type="button"
                    className={s.moreLink}
                    data-nav-more-key={item.key}
                    onClick={() => {
                      setOpen(false);
                      const v = item.vendors[0];
                      launch({ vassalage: v.vassalage, gameType: v.gameType, isGame: v.isGame, launchMode: v.launchMode, name: v.displayName, header: true });
                    }}
                  >
                    {content}
                  </button>
                ) : (
                  <NavLink to={item.to} end={item.kind === 'home'} className={({ isActive }) => [s.moreLink, isActive ? s.moreActive : ''].join(' ')} data-nav-more-key={item.key} onClick={() => setOpen(false)}>
                    {content}
                  </NavLink>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

function NavEntry({ item, expanded, onActivate }: { item: HeaderNavItem; expanded: boolean; onActivate: () => void }) {
  const { t } = useTranslation('layout');
  const { launch } = useUiActions();
  const label = t(`layout:nav.${item.key}`);
  const content = (
    <>
      <NavIcon code={item.key} size={20} className={s.icon} />
      <span className={s.label} data-nav-label>
        {label}
      </span>
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
