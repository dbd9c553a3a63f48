// A brand document like the demo's (internal/brand/demo.go), for the tests.
import type { BrandConfig } from './brand';

const sw = (modId: string, enabled: boolean, ...childrenNodes: BrandConfig['whitelabel']) => ({ modId, enabled, childrenNodes });

export function demoBrand(): BrandConfig {
  return {
    platform: 'WEB',
    merchantCode: 'PALARO_DEMO',
    brandName: 'Palaro',
    mainDomain: 'localhost',
    defaultLanguage: 'TY',
    languages: ['TY', 'EN'],
    currency: { code: 'PHP', symbol: '₱', decimals: 2 },
    timezone: 'Asia/Manila',
    theme: {
      logoUrl: '/art/brand/logo.svg',
      logoLightUrl: '/art/brand/logo-light.svg',
      faviconUrl: '/art/brand/favicon.svg',
      dark: { '--c-bg': '#0E1525', '--c-primary': '#F5B942' },
      light: { '--c-bg': '#FBF7EE', '--c-primary': '#B7790E' },
    },
    customerService: [{ id: 1, name: 'Live chat', type: 'LIVECHAT', path: 'cs-7f3a9c21', target: '/help#faq' }],
    domainRoute: [{ domain: 'localhost', route: '/', type: 'MAIN' }],
    resources: [{ resourceType: 'FACEBOOK', url: 'https://www.facebook.com/palaro.demo', labelNameEn: 'Facebook', labelNameTy: 'Facebook' }],
    whitelabel: [sw('USERNAMEREG3', true), sw('MOBILENUMREG3', true, sw('REGMOBVERF3', true)), sw('VIP', false)],
    register: {
      fields: [
        { field: 'username', enabled: true, required: true, acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$', minLength: 6, maxLength: 16, patternId: 'LETTER_FIRST' },
        { field: 'password', enabled: true, required: true, acceptedPattern: '^[!-~]+$', minLength: 6, maxLength: 20, patternId: 'LETTERS_DIGITS_SYMBOLS' },
        { field: 'confirmPassword', enabled: true, required: true, acceptedPattern: '^[!-~]+$', minLength: 6, maxLength: 20, patternId: 'LETTERS_DIGITS_SYMBOLS' },
      ],
    },
    analytics: { gtagId: '' },
    imageCDNs: ['/cdn/a', '/cdn/b'],
    launchGameCDNs: ['/cdn/a'],
    licence: 'Licensed',
    ageLimit: 18,
    lotteryType: 'Lott',
    maintenance: false,
    region: { blockedCountries: ['US', 'KP'], blockedCIDRs: [], allowedCIDRs: [] },
    sealedPayloads: true,
    cashier: { depositMethods: [{ code: 'GCASH', type: 'ONLINE', name: 'GCash', min: 5000, max: 5000000, provider: 'sandbox' }] },
    ops: { adjustApprovalAbove: 1000000, cashierConfirmAbove: 500000 },
  };
}
