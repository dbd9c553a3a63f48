// Side menu (240 px, 72 px in mini mode; a drawer on phones): home, VIP bonus,
// referral (when the REFERRAL switch is on), bonus bets, promotions (open at
// start, first 3 and see-more), customer service, app download QR codes,
// language list and official channels. On phones it also lists the game
// categories, since the header navigation is hidden there.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { ChevronDown, ChevronsLeft, ChevronsRight, Crown, Gift, Headset, House, Smartphone, Users, Coins, ExternalLink } from 'lucide-react';
import { isSwitchOn } from '@/features/system/api/status';
import { openCustomerService, primaryCustomerService } from '@/features/system/lib/customerService';
import { categoryPath, paths } from '@/lib/paths';
import { useUiActions } from '@/lib/ui-actions';
import { useBrandInfo } from '../brand';
import { useAppNavigate } from '../navigation';
import { NavIcon } from './icons';
import { LanguageSelector } from './LanguageSelector';
import { SocialIcon, isSocialType } from './SocialIcon';
import { ThemeToggle } from './ThemeToggle';
import { useShellAnnouncements, useShellCategories } from './useShellData';
import s from './SideMenu.module.css';

export const SIDE_MENU_PROMOS = 3;
export const APP_TYPES = ['iOS', 'Android'] as const;

export type SideMenuProps = {
  mini: boolean;
  onToggleMini: () => void;
  phone: boolean;
  drawerOpen: boolean;
  onCloseDrawer: () => void;
};

export function SideMenu({ mini, onToggleMini, phone, drawerOpen, onCloseDrawer }: SideMenuProps) {
  const navigate = useAppNavigate();
  const { t } = useTranslation('layout');
  const info = useBrandInfo();
  const { requireLogin } = useUiActions();
  const announcements = useShellAnnouncements();
  const { categories } = useShellCategories();
  const [promosOpen, setPromosOpen] = useState(true);
  const promosId = useId();
  const panelRef = useRef<HTMLElement>(null);
  const compact = mini && !phone;
  const opened = useRef(false);
  if (drawerOpen) opened.current = true;
  const body = !phone || opened.current;
  const promos = (announcements.data?.promotion ?? []).slice(0, SIDE_MENU_PROMOS);
  const referral = isSwitchOn(info.whitelabel, 'REFERRAL');
  const apps = APP_TYPES.filter((type) => info.resources?.some((r) => r.resourceType === type));
  const socials = (info.resources ?? []).filter((r) => isSocialType(r.resourceType));
  const cs = primaryCustomerService(info.customerService);
  const label = (r: { labelNameEn?: string; labelNameTy?: string; resourceType: string }) =>
    (document.documentElement.lang === 'fil' ? r.labelNameTy : r.labelNameEn) || r.labelNameEn || r.resourceType;

  // Drawer: focus inside on open, Esc closes, focus returns to the toggle.
  useEffect(() => {
    if (!phone || !drawerOpen) return;
    const prev = document.activeElement as HTMLElement | null;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    document.documentElement.classList.add('scroll-locked');
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCloseDrawer();
      if (e.key === 'Tab' && panelRef.current) {
        const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), [tabindex="0"]'));
        if (!items.length) return;
        const first = items[0];
        const last = items[items.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.documentElement.classList.remove('scroll-locked');
      prev?.focus?.();
    };
  }, [phone, drawerOpen, onCloseDrawer]);

  const closeIfPhone = () => phone && onCloseDrawer();
  // VIP and bonus bets are member pages: a visitor gets the login popup.
  const openMember = (to: string) => {
    if (!requireLogin()) return;
    closeIfPhone();
    navigate(to);
  };
  const entryClass = ({ isActive }: { isActive: boolean }) => [s.entry, isActive ? s.active : ''].join(' ');

  const menu = (
    <aside
      id="side-menu"
      ref={panelRef}
      className={[s.menu, compact ? s.mini : '', phone ? s.drawer : '', phone && drawerOpen ? s.drawerOpen : ''].join(' ')}
      aria-label={t('layout:side.label')}
      role={phone ? 'dialog' : undefined}
      aria-modal={phone ? true : undefined}
      hidden={phone && !drawerOpen ? true : undefined}
      data-testid="side-menu"
      data-mini={compact || undefined}
    >
      {/* A phone's closed drawer stays empty until it first opens (less to render and lay out at start). */}
      {body && (
      <div className={s.scroll}>
        {!phone && (
          <button
            type="button"
            className={s.miniToggle}
            onClick={onToggleMini}
            aria-pressed={mini}
            aria-label={mini ? t('layout:side.expand') : t('layout:side.collapse')}
            title={mini ? t('layout:side.expand') : t('layout:side.collapse')}
            data-testid="side-mini-toggle"
          >
            {mini ? <ChevronsRight size={18} aria-hidden="true" className="flip-rtl" /> : <ChevronsLeft size={18} aria-hidden="true" className="flip-rtl" />}
          </button>
        )}

        <ul className={s.group}>
          <li>
            <NavLink to={paths.home} end className={entryClass} title={t('layout:nav.HOME')} onClick={closeIfPhone}>
              <House size={20} aria-hidden="true" />
              <span className={s.text}>{t('layout:nav.HOME')}</span>
            </NavLink>
          </li>
          <li>
            <button type="button" className={s.entry} title={t('layout:side.vip')} onClick={() => openMember(paths.vip)} data-testid="side-vip">
              <Crown size={20} aria-hidden="true" />
              <span className={s.text}>{t('layout:side.vip')}</span>
            </button>
          </li>
          {referral && (
            <li>
              <button
                type="button"
                className={s.entry}
                title={t('layout:side.referral')}
                onClick={() => {
                  if (!requireLogin()) return;
                  closeIfPhone();
                  navigate(paths.referral);
                }}
                data-testid="side-referral"
              >
                <Users size={20} aria-hidden="true" />
                <span className={s.text}>{t('layout:side.referral')}</span>
              </button>
            </li>
          )}
          <li>
            <button type="button" className={s.entry} title={t('layout:side.bonusBets')} onClick={() => openMember(paths.bonusBets)} data-testid="side-bonus-bets">
              <Coins size={20} aria-hidden="true" />
              <span className={s.text}>{t('layout:side.bonusBets')}</span>
            </button>
          </li>
        </ul>

        {phone && categories.length > 0 && (
          <div className={s.section}>
            <p className={s.heading}>{t('layout:side.games')}</p>
            <ul className={s.catGrid}>
              {categories
                .filter((c) => c.code !== 'INHOUSE' || !categories.some((x) => x.code === 'BGS'))
                .map((c) => (
                  <li key={c.code}>
                    <NavLink to={categoryPath[c.code]} className={({ isActive }) => [s.cat, isActive ? s.active : ''].join(' ')} onClick={closeIfPhone}>
                      <NavIcon code={c.code} size={22} />
                      <span>{t(`layout:nav.${c.code}`)}</span>
                    </NavLink>
                  </li>
                ))}
            </ul>
          </div>
        )}

        <div className={s.section}>
          {compact ? (
            <Link to={paths.promotions()} className={s.entry} title={t('layout:nav.PROMOTIONS')}>
              <Gift size={20} aria-hidden="true" />
              <span className={s.text}>{t('layout:nav.PROMOTIONS')}</span>
            </Link>
          ) : (
            <>
              <button type="button" className={s.entry} aria-expanded={promosOpen} aria-controls={promosId} onClick={() => setPromosOpen((o) => !o)} data-testid="side-promos-toggle">
                <Gift size={20} aria-hidden="true" />
                <span className={s.text}>{t('layout:nav.PROMOTIONS')}</span>
                <ChevronDown size={16} aria-hidden="true" className={[s.chev, promosOpen ? s.chevOpen : ''].join(' ')} />
              </button>
              <ul id={promosId} className={s.sub} hidden={!promosOpen} data-testid="side-promos">
                {promos.map((p) => (
                  <li key={p.id}>
                    <Link to={paths.promotions(p.id)} className={s.subEntry} onClick={closeIfPhone}>
                      <bdi>{p.title}</bdi>
                    </Link>
                  </li>
                ))}
                <li>
                  <Link to={paths.promotions()} className={[s.subEntry, s.seeMore].join(' ')} onClick={closeIfPhone}>
                    {t('layout:side.seeMore')}
                  </Link>
                </li>
              </ul>
            </>
          )}
        </div>

        {cs && (
          <div className={s.section}>
            <button type="button" className={s.entry} title={t('layout:side.customerService')} onClick={() => openCustomerService(info.customerService, navigate)}>
              <Headset size={20} aria-hidden="true" />
              <span className={s.text}>{t('layout:side.customerService')}</span>
              <ExternalLink size={14} aria-hidden="true" className={s.ext} />
            </button>
          </div>
        )}

        {apps.length > 0 && (
          <div className={s.section}>
            {compact ? (
              <button type="button" className={s.entry} title={t('layout:side.appDownload')} onClick={onToggleMini}>
                <Smartphone size={20} aria-hidden="true" />
                <span className={s.text}>{t('layout:side.appDownload')}</span>
              </button>
            ) : (
              <>
                <p className={s.heading}>{t('layout:side.appDownload')}</p>
                <div className={s.qrs}>
                  {apps.map((type) => {
                    const res = info.resources.find((r) => r.resourceType === type)!;
                    return (
                      <a key={type} href={res.url} target="_blank" rel="noopener noreferrer" className={s.qr} data-testid={`qr-${type}`}>
                        <img src={`/art/qr/${type}.svg`} alt={t('layout:side.qrAlt', { app: label(res) })} width={120} height={120} loading="lazy" />
                        <span>{t(`layout:side.app.${type}`)}</span>
                      </a>
                    );
                  })}
                </div>
              </>
            )}
          </div>
        )}

        {!compact && (
          <div className={s.section}>
            <p className={s.heading}>{t('layout:side.language')}</p>
            <LanguageSelector variant="menu" onChanged={closeIfPhone} />
            <div className={s.themeRow}>
              <span>{t('layout:theme.label')}</span>
              <ThemeToggle />
            </div>
          </div>
        )}

        {!compact && socials.length > 0 && (
          <div className={s.section}>
            <p className={s.heading}>{t('layout:side.channels')}</p>
            <ul className={s.socials}>
              {socials.map((r) => (
                <li key={r.resourceType}>
                  <a href={r.url} target="_blank" rel="noopener noreferrer" className={s.social} aria-label={label(r)} title={label(r)}>
                    {isSocialType(r.resourceType) && <SocialIcon type={r.resourceType} />}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      )}
    </aside>
  );

  if (!phone) return menu;
  return (
    <>
      <div className={[s.scrim, drawerOpen ? s.scrimOn : ''].join(' ')} onClick={onCloseDrawer} aria-hidden="true" data-testid="drawer-scrim" />
      {menu}
    </>
  );
}
