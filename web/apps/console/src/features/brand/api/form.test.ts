import { expect, test } from 'vitest';
import { demoBrand } from './fixture';
import { brandSchema, fromForm, toForm, type BrandForm } from './form';

const messages = (v: BrandForm) => {
  const r = brandSchema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

test('the demo brand is valid as loaded, and saving it unchanged gives back the same document', () => {
  const c = demoBrand();
  const form = toForm(c);
  expect(messages(form)).toEqual([]);
  expect(fromForm(form, c)).toEqual({ ...c, maintenanceWindows: [], theme: { ...c.theme } });
});

test('the server rules, with their messages', () => {
  const f = toForm(demoBrand());
  const bad: [string, (v: BrandForm) => void, string][] = [
    ['age', (v) => (v.ageLimit = 17), 'ageLimit: v.ageLimit'],
    ['name', (v) => (v.brandName = ' '), 'brandName: v.brandName'],
    ['currency', (v) => (v.currency.code = 'php'), 'currency.code: v.currencyCode'],
    ['default language', (v) => (v.defaultLanguage = 'JA'), 'defaultLanguage: v.defaultLanguage'],
    ['no language', (v) => (v.languages = []), 'languages: v.languages'],
    ['css value', (v) => (v.theme.dark[0].value = 'red; x'), 'theme.dark.0.value: v.cssValue'],
    ['css key', (v) => (v.theme.light[0].key = 'bg'), 'theme.light.0.key: v.cssKey'],
    ['logo', (v) => (v.theme.logoUrl = '//evil.example/x.png'), 'theme.logoUrl: v.url'],
    ['cidr', (v) => (v.region.blockedCIDRs = '10.0.0.0/33'), 'region.blockedCIDRs: v.cidr'],
    ['country', (v) => (v.region.blockedCountries = 'US, usa'), 'region.blockedCountries: v.country'],
    ['cdn slash', (v) => (v.imageCDNs = '/cdn/a/'), 'imageCDNs: v.cdn'],
    ['no cdn', (v) => (v.launchGameCDNs = ''), 'launchGameCDNs: v.cdn'],
    ['lengths', (v) => (v.register[0].maxLength = 3), 'register.0.maxLength: v.lengths'],
    ['pattern', (v) => (v.register[0].acceptedPattern = '(['), 'register.0.acceptedPattern: v.pattern'],
    ['missing field', (v) => (v.register = v.register.slice(1)), 'register: v.registerMissing'],
    ['window', (v) => (v.windows = [{ from: '2026-12-01T10:00', to: '2026-12-01T09:00' }]), 'windows.0.to: v.windowOrder'],
    ['cs token', (v) => (v.customerService[0].path = 'a b'), 'customerService.0.path: v.csPath'],
    ['cs target', (v) => (v.customerService[0].target = 'javascript:alert(1)'), 'customerService.0.target: v.csTarget'],
    ['app link', (v) => (v.resources = [{ resourceType: 'Android', url: `https://x.example/${'a'.repeat(220)}`, labelNameEn: '', labelNameTy: '' }]), 'resources.0.url: v.appUrl'],
    ['amount', (v) => (v.ops.adjustApprovalAbove = '10.001'), 'ops.adjustApprovalAbove: v.amount'],
    ['negative', (v) => (v.ops.adjustApprovalAbove = '-5'), 'ops.adjustApprovalAbove: v.amount'],
    ['advanced', (v) => (v.advanced = '{"surprise": 1}'), 'advanced: v.advanced'],
  ];
  for (const [name, change, want] of bad) {
    const v = structuredClone(f);
    change(v);
    expect(messages(v), name).toContain(want);
  }
});

test('saving keeps what the form does not show and writes amounts in minor units', () => {
  const c = demoBrand();
  const f = toForm(c);
  expect(f.ops.adjustApprovalAbove).toBe('10000.00');
  f.ops.adjustApprovalAbove = '2,500.5';
  f.ops.totpRequired = true;
  f.region.allowedCIDRs = '203.0.113.0/24\n2001:db8::/32';
  f.windows = [{ from: '2026-12-01T10:00', to: '2026-12-01T11:00' }];
  const out = fromForm(f, c);
  expect(out.ops).toEqual({ adjustApprovalAbove: 250050, totpRequired: true, cashierConfirmAbove: 500000 });
  expect(out.cashier).toEqual(c.cashier);
  expect(out.sealedPayloads).toBe(true);
  expect(out.region.allowedCIDRs).toEqual(['203.0.113.0/24', '2001:db8::/32']);
  expect(out.maintenanceWindows).toEqual([{ from: new Date('2026-12-01T10:00').getTime(), to: new Date('2026-12-01T11:00').getTime() }]);
  f.ops.adjustApprovalAbove = '';
  expect(fromForm(f, c).ops).not.toHaveProperty('adjustApprovalAbove');
});
