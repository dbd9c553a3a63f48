// Footer: products, help sections, contact (customer service, feedback and
// complaints, affiliate), official channels (only those configured), the age
// badge, licence line and vendor wordmarks.
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { Link } from 'react-router';
import { HELP_KEYS } from '@/features/help/api/helpCenter';
import { openCustomerService, primaryCustomerService } from '@/features/system/lib/customerService';
import { cdnUrl, pickBase } from '@/lib/cdn';
import { categoryPath, paths } from '@/lib/paths';
import { useUiActions } from '@/lib/ui-actions';
import { useBrandInfo } from '../brand';
import { useAppNavigate } from '../navigation';
import { SocialIcon, SOCIAL_TYPES } from './SocialIcon';
import { useShellCategories } from './useShellData';
import s from './Footer.module.css';
import { BrandLogo } from '@/components/ui/BrandLogo';

export const FOOTER_VENDORS = ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'] as const;

export function Footer() {
  const navigate = useAppNavigate();
  const { t, i18n } = useTranslation('layout');
  const info = useBrandInfo();
  const { openHelp, openFeedback } = useUiActions();
  const { categories } = useShellCategories();
  const base = pickBase('image', info.imageCDNs);
  const socials = SOCIAL_TYPES.map((type) => info.resources?.find((r) => r.resourceType === type)).filter((r): r is NonNullable<typeof r> => !!r);
  const cs = primaryCustomerService(info.customerService);
  const products = categories.filter((c) => c.code !== 'INHOUSE' || !categories.some((x) => x.code === 'BGS'));
  const year = formatDate(Date.now()).slice(0, 4);

  return (
    <footer className={s.footer} data-testid="footer">
      <div className={s.inner}>
        <div className={s.cols}>
          <section className={s.brandCol} aria-label={info.brandName}>
            {info.theme?.logoUrl ? <BrandLogo theme={info.theme} alt={info.brandName} height={30} className={s.logo} /> : <strong>{info.brandName}</strong>}
            <p className={s.tagline}>{t('layout:footer.tagline', { brand: info.brandName })}</p>
            {socials.length > 0 && (
              <ul className={s.socials} aria-label={t('layout:side.channels')}>
                {socials.map((r) => (
                  <li key={r.resourceType}>
                    <a href={r.url} target="_blank" rel="noopener noreferrer" className={s.social} aria-label={r.labelNameEn || r.resourceType} data-social={r.resourceType}>
                      <SocialIcon type={r.resourceType as (typeof SOCIAL_TYPES)[number]} />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <nav className={s.col} aria-labelledby="ft-products">
            <h2 id="ft-products" className={s.heading}>
              {t('layout:footer.products')}
            </h2>
            <ul className={s.links}>
              {products.map((c) => (
                <li key={c.code}>
                  <Link to={categoryPath[c.code]}>{t(`layout:nav.${c.code}`)}</Link>
                </li>
              ))}
              <li>
                <Link to={paths.promotions()}>{t('layout:nav.PROMOTIONS')}</Link>
              </li>
            </ul>
          </nav>
          <nav className={s.col} aria-labelledby="ft-help">
            <h2 id="ft-help" className={s.heading}>
              {t('layout:footer.help')}
            </h2>
            <ul className={s.links}>
              {HELP_KEYS.map((key) => (
                <li key={key}>
                  <a
                    href={paths.help(key)}
                    onClick={(e) => {
                      e.preventDefault();
                      openHelp(key);
                    }}
                  >
                    {t(`layout:help.section.${key}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <nav className={s.col} aria-labelledby="ft-contact">
            <h2 id="ft-contact" className={s.heading}>
              {t('layout:footer.contact')}
            </h2>
            <ul className={s.links}>
              {cs && (
                <li>
                  <button type="button" className={s.linkBtn} onClick={() => openCustomerService(info.customerService, navigate)}>
                    {t('layout:side.customerService')}
                  </button>
                </li>
              )}
              <li>
                <button type="button" className={s.linkBtn} onClick={() => openFeedback()} data-testid="footer-feedback">
                  {t('layout:footer.feedback')}
                </button>
              </li>
              <li>
                <Link to={paths.affiliate}>{t('layout:footer.affiliate')}</Link>
              </li>
            </ul>
          </nav>
        </div>

        <ul className={s.vendors} aria-label={t('layout:footer.partners')}>
          {FOOTER_VENDORS.map((code) => (
            <li key={code}>
              <img src={cdnUrl(base, `/art/vendor/${code}.svg`)} alt={code} loading="lazy" width={96} height={48} />
            </li>
          ))}
        </ul>

        <div className={s.legal}>
          <span className={s.age} aria-label={t('layout:footer.ageLabel', { age: info.ageLimit || 18 })}>
            {info.ageLimit || 18}+
          </span>
          <p className={s.licence}>{info.licences?.[i18n.language] ?? info.licence}</p>
        </div>
        <p className={s.copy}>{t('layout:footer.copyright', { year, brand: info.brandName })}</p>
      </div>
    </footer>
  );
}
