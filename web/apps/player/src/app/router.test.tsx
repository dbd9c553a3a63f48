import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { requireSessionLoader, TOKEN_KEY } from './session';
import { isSameLocation } from './navigation';
import { MEMBER_PATHS } from './router';
import { CENTRE_PAGES } from './routes/member/centre/registry';

const MEMBER_CENTRE_PATHS = CENTRE_PAGES.map((p) => `member/${p.key}`);

function guarded(initial: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Outlet />,
        children: [
          { path: 'login', element: <p>login page</p> },
          { loader: requireSessionLoader, children: [...MEMBER_PATHS, ...MEMBER_CENTRE_PATHS].map((p) => ({ path: p, element: <p>member page</p> })) },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => sessionStorage.clear());

test.each([...MEMBER_PATHS, ...MEMBER_CENTRE_PATHS])('/%s without a session token redirects to /login', async (p) => {
  const router = guarded(`/${p}`);
  expect(await screen.findByText('login page')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
});

test('with a session token the member page renders', async () => {
  sessionStorage.setItem(TOKEN_KEY, 'abc');
  const router = guarded('/favorite');
  expect(await screen.findByText('member page')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/favorite');
});

test('the personal centre has deposit and withdraw under /member', () => {
  expect(MEMBER_CENTRE_PATHS).toEqual(expect.arrayContaining(['member/depositv2', 'member/withdraw']));
});

test('the guarded /member/* route covers every centre page', async () => {
  const { routes } = await import('./router');
  const guard = routes[0].children?.find((r) => r.id === 'layout')?.children?.find((r) => r.id === 'member-guard');
  expect(guard?.children?.map((r) => r.path)).toContain('member/*');
});

test('duplicate navigation detection compares path, query and hash', () => {
  const here = { pathname: '/promotions', search: '', hash: '#3' };
  expect(isSameLocation(here, '/promotions#3')).toBe(true);
  expect(isSameLocation(here, '/promotions#4')).toBe(false);
  expect(isSameLocation(here, '/promotions')).toBe(false);
  expect(isSameLocation({ pathname: '/', search: '', hash: '' }, '/')).toBe(true);
});
