import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { Captcha, CAPTCHA_REFRESH_MS, createThrottle } from './Captcha';
import { WithAuthI18n } from './testI18n';

test('the throttle lets one refresh through per second', () => {
  let now = 10_000;
  const th = createThrottle(CAPTCHA_REFRESH_MS, () => now);
  expect(th.try()).toBe(true);
  now += 400;
  expect(th.try()).toBe(false);
  now += 599;
  expect(th.try()).toBe(false);
  now += 1;
  expect(th.try()).toBe(true);
});

function Harness({ onKey }: { onKey: (k: string) => void }) {
  const [v, setV] = useState('');
  return <Captcha value={v} onChange={setV} onKeyChange={onKey} />;
}

test('loads the image and key, and a click right after loading refreshes only once the second is over', async () => {
  let n = 0;
  const fetchMock = vi.fn(async () => {
    n++;
    return new Response(JSON.stringify({ success: true, code: 'ok', message: '', value: { captchaKey: `key-${n}`, image: 'iVBORw0KGgo=', expiresIn: 120 } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  const keys: string[] = [];
  render(
    <WithAuthI18n>
      <Suspense fallback={null}>
        <Harness onKey={(k) => keys.push(k)} />
      </Suspense>
    </WithAuthI18n>,
  );
  await waitFor(() => expect(keys.at(-1)).toBe('key-1'));
  expect(screen.getByTestId('captcha-image')).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
  const t0 = Date.now();
  fireEvent.click(screen.getByTestId('captcha-refresh'));
  fireEvent.click(screen.getByTestId('captcha-refresh'));
  expect(fetchMock).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(keys.at(-1)).toBe('key-2'), { timeout: 3000 });
  expect(Date.now() - t0).toBeGreaterThanOrEqual(CAPTCHA_REFRESH_MS - 50);
  expect(fetchMock).toHaveBeenCalledTimes(2);
  vi.unstubAllGlobals();
});
