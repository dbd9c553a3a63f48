import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAgent from '@palaro/i18n/locales/EN/agent.json';
import enCommon from '@palaro/i18n/locales/EN/common.json';
import enErrors from '@palaro/i18n/locales/EN/errors.json';
import { establishSession, logout } from '@/lib/session';
import { loginResult, renderRouted, stubApi } from '@/test/wallet';
import AnnouncementsPage from './AnnouncementsPage';

function agentI18n() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'EN',
    resources: { EN: { agent: enAgent, common: enCommon, errors: enErrors } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  } as Parameters<typeof i18n.init>[0]);
  return i18n;
}

afterEach(async () => {
  await logout();
  vi.unstubAllGlobals();
});

const item = (id: number, title: string, over: object = {}) => ({ id, title, content: `<p>Body of ${title}</p><script>alert(1)</script>`, time: Date.UTC(2026, 10, 27, 2), startTime: 0, endTime: 0, ...over });

test('the announcements, the first open, each toggled by its title; the end of a window shown', async () => {
  const api = stubApi({ 'GET /wps/agent/announcements': () => ({ list: [item(1, 'Daily wages'), item(2, 'New rates', { endTime: Date.UTC(2026, 11, 31, 16) })] }) });
  await establishSession(loginResult(1));
  renderRouted(<AnnouncementsPage />, agentI18n());
  const first = await screen.findByRole('button', { name: /Daily wages/ });
  expect(first).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByText('Body of Daily wages')).toBeVisible();
  // Sanitised: no script reaches the page.
  expect(document.querySelector('script')).toBeNull();
  const second = screen.getByRole('button', { name: /New rates/ });
  expect(second).toHaveAttribute('aria-expanded', 'false');
  expect(second).toHaveTextContent('Until 2027-01-01 00:00:00');
  fireEvent.click(second);
  expect(second).toHaveAttribute('aria-expanded', 'true');
  expect(first).toHaveAttribute('aria-expanded', 'false');
  fireEvent.click(second);
  expect(second).toHaveAttribute('aria-expanded', 'false');
  // The language is asked for: the server answers the text in it.
  expect(api.to('GET', '/wps/agent/announcements')[0].params.get('language')).toBe('EN');
});

test('nothing published: the empty state; a failure: the error with a retry', async () => {
  let fail = true;
  stubApi({ 'GET /wps/agent/announcements': () => (fail ? { status: 500 } : { list: null }) });
  await establishSession(loginResult(1));
  renderRouted(<AnnouncementsPage />, agentI18n());
  const retry = await screen.findByRole('button', { name: /try again/i });
  fail = false;
  fireEvent.click(retry);
  await waitFor(() => expect(screen.getByText('No announcements right now')).toBeInTheDocument());
});
