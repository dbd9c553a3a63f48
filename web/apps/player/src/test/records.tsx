// Test helpers for the records pages: the wallet helpers (session, fetch
// stub) with the real EN strings of the records namespace.
import i18next from 'i18next';
import { type ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import enCommon from '@palaro/i18n/locales/EN/common.json';
import enErrors from '@palaro/i18n/locales/EN/errors.json';
import enLayout from '@palaro/i18n/locales/EN/layout.json';
import enRecords from '@palaro/i18n/locales/EN/records.json';
import { renderRouted } from './wallet';

export { loginDemo, stubApi, type Call } from './wallet';

function recordsI18n() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'EN',
    resources: { EN: { common: enCommon, errors: enErrors, layout: enLayout, records: enRecords } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  } as Parameters<typeof i18n.init>[0]);
  return i18n;
}

/** Renders a records page at path (see renderRouted for `loaderMs`). */
export function renderRecords(ui: ReactElement, path: string, opts: { loaderMs?: number } = {}) {
  return renderRouted(ui, recordsI18n(), { path, loaderMs: opts.loaderMs });
}
