// Test helper for the account forms: an i18n instance with the real EN
// strings of the namespaces these forms use, so tests read what users read.
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import enAuth from '@palaro/i18n/locales/EN/auth.json';
import enCommon from '@palaro/i18n/locales/EN/common.json';
import enErrors from '@palaro/i18n/locales/EN/errors.json';
import enLayout from '@palaro/i18n/locales/EN/layout.json';

export function authTestI18n() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'EN',
    resources: { EN: { auth: enAuth, common: enCommon, errors: enErrors, layout: enLayout } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  } as Parameters<typeof i18n.init>[0]);
  return i18n;
}

export function WithAuthI18n({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={authTestI18n()}>{children}</I18nextProvider>;
}
