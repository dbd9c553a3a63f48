import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import enAuth from '@palaro/i18n/locales/EN/auth.json';
import enCommon from '@palaro/i18n/locales/EN/common.json';
import enErrors from '@palaro/i18n/locales/EN/errors.json';
import enMember from '@palaro/i18n/locales/EN/member.json';
import { SessionContext } from '@/lib/ui-actions';
import FeedbackModal from './FeedbackModal';

// The proof of work has its own tests (lib/botcheck.test.ts).
vi.mock('@/lib/botcheck', () => ({ solveBotCheck: vi.fn(async () => 'BOTCHECK') }));

function i18n() {
  const inst = i18next.createInstance();
  void inst.use(initReactI18next).init({
    lng: 'EN',
    resources: { EN: { auth: enAuth, common: enCommon, errors: enErrors, member: enMember } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  } as Parameters<typeof inst.init>[0]);
  return inst;
}

type Sent = { method: string; body: Record<string, unknown> };

function stubServer(feedback: (body: Record<string, unknown>) => Response) {
  const sent: Sent[] = [];
  let captchas = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://test.local');
      if (url.pathname === '/wps/captcha') {
        captchas++;
        return Response.json({ success: true, code: 'ok', message: '', value: { captchaKey: `KEY${captchas}`, image: 'iVBORw0KGgo=', expiresIn: 120 } });
      }
      if (url.pathname === '/wps/feedback') {
        const body = JSON.parse(String(init?.body));
        sent.push({ method: init?.method ?? 'GET', body });
        return feedback(body);
      }
      return Response.json({ success: false, code: 'request.not_found', message: '', value: null }, { status: 404 });
    }),
  );
  return { sent, captchas: () => captchas };
}

function renderModal(loggedIn = false, onClose = vi.fn()) {
  render(
    <I18nextProvider i18n={i18n()}>
      <SessionContext.Provider value={{ loggedIn, isTrial: false, isAgent: false }}>
        <Suspense fallback={null}>
          <FeedbackModal open onClose={onClose} />
        </Suspense>
      </SessionContext.Provider>
    </I18nextProvider>,
  );
  return { onClose };
}

const TEXT = 'My deposit has not arrived after an hour.';
const captchaInput = () => screen.getByRole('textbox', { name: 'Captcha' });

describe('FeedbackModal', () => {
  beforeEach(() => vi.useRealTimers());
  afterEach(() => vi.unstubAllGlobals());

  test('names every empty field and sends nothing', async () => {
    const server = stubServer(() => Response.json({ success: true, code: 'ok', message: '', value: { id: 1 } }));
    renderModal();
    await screen.findByTestId('captcha-image');
    fireEvent.click(screen.getByTestId('feedback-submit'));
    expect(screen.getByTestId('feedback-warning')).toHaveTextContent('Please fill in: Feedback type, Description, Captcha, Contact (e-mail or phone).');
    expect(server.sent).toHaveLength(0);
  });

  test('a member needs no contact; the counter follows the text and the input stops at 200', async () => {
    stubServer(() => Response.json({ success: true, code: 'ok', message: '', value: { id: 1 } }));
    renderModal(true);
    await screen.findByTestId('captcha-image');
    fireEvent.click(screen.getByTestId('feedback-submit'));
    expect(screen.getByTestId('feedback-warning')).toHaveTextContent('Please fill in: Feedback type, Description, Captcha.');
    const content = screen.getByTestId('feedback-content') as HTMLTextAreaElement;
    fireEvent.change(content, { target: { value: 'short' } });
    expect(screen.getByTestId('feedback-counter')).toHaveTextContent('5/200');
    fireEvent.change(content, { target: { value: 'y'.repeat(230) } });
    expect(content.value).toHaveLength(200);
    expect(screen.getByTestId('feedback-counter')).toHaveTextContent('200/200');
  });

  test('sends type, trimmed content, captcha with its key and the bot check, then confirms', async () => {
    const server = stubServer(() => Response.json({ success: true, code: 'ok', message: '', value: { id: 7 } }));
    const { onClose } = renderModal(true);
    await screen.findByTestId('captcha-image');
    fireEvent.click(screen.getByLabelText('Apply as agent'));
    fireEvent.change(screen.getByTestId('feedback-content'), { target: { value: `  ${TEXT}  ` } });
    fireEvent.change(captchaInput(), { target: { value: 'k7pq' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    expect(await screen.findByTestId('feedback-sent')).toHaveTextContent('Your feedback was sent.');
    expect(server.sent).toEqual([{ method: 'PUT', body: { type: 6, content: TEXT, captcha: 'k7pq', captchaKey: 'KEY1', botcheck: 'BOTCHECK' } }]);
    // The X in the title bar and the confirmation's own button are both "Close".
    fireEvent.click(within(screen.getByTestId('feedback-sent')).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  test('a refused captcha shows the server message, clears the field and loads a new captcha', async () => {
    const server = stubServer(() =>
      Response.json({ success: false, code: 'auth.captcha_invalid', message: 'Captcha check failed', value: null }, { status: 400 }),
    );
    renderModal();
    await screen.findByTestId('captcha-image');
    fireEvent.click(screen.getByLabelText('Others'));
    fireEvent.change(screen.getByTestId('feedback-content'), { target: { value: TEXT } });
    fireEvent.change(screen.getByTestId('feedback-sender'), { target: { value: 'juan@example.com' } });
    fireEvent.change(captchaInput(), { target: { value: 'WRNG' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    await screen.findByTestId('feedback-error');
    expect(server.sent[0].body).toMatchObject({ type: 0, sender: 'juan@example.com', captchaKey: 'KEY1' });
    expect(captchaInput()).toHaveValue('');
    expect(captchaInput()).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(server.captchas()).toBe(2), { timeout: 3000 });
  });
});
