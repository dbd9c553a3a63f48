import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWith } from '@/test/harness';
import { AnnouncementEditor, BannerEditor } from './Editors';

afterEach(() => vi.unstubAllGlobals());

/** Types a value at once (the machine running the suite may be slow). */
async function fill(field: HTMLElement, value: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(value);
}

const banner = {
  id: 3,
  groupName: 'w_home',
  sequence: 2,
  title: { EN: 'Try Lucky Lanterns', TY: 'Subukan ang Lucky Lanterns' },
  url: '/art/banner/3.svg',
  linkageType: 'GAME' as const,
  linkTarget: '10002',
};

describe('BannerEditor', { timeout: 30_000 }, () => {
  it('refuses a missing TY title and a bad link, as the server would, and sends nothing', async () => {
    const { calls } = mockApi({});
    renderWith(<BannerEditor open onClose={() => {}} group="w_home" />);
    await fill(screen.getByLabelText('Title (EN)'), 'Night market');
    await fill(screen.getByLabelText('Picture'), '/art/banner/1.svg');
    await userEvent.selectOptions(screen.getByLabelText('Link'), 'URL');
    await fill(screen.getByLabelText('Link target'), 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give an address starting with https:// or http://.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /TY/ })).toHaveTextContent('!');
    await userEvent.click(screen.getByRole('tab', { name: /TY/ }));
    expect(screen.getByText('Required in TY.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('refuses an end before the start', async () => {
    mockApi({});
    renderWith(<BannerEditor open onClose={() => {}} banner={banner} group="w_home" />);
    await fill(screen.getByLabelText('Starts'), '2026-12-01T10:00');
    await fill(screen.getByLabelText('Ends'), '2026-12-01T09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The end must come after the start.')).toBeInTheDocument();
  });

  it('saves a changed banner with its schedule and state', async () => {
    const { calls } = mockApi({ 'PUT /ops/v1/content/banners/3': (b) => ({ value: { ...banner, ...(b as object) } }) });
    const onClose = vi.fn();
    renderWith(<BannerEditor open onClose={onClose} banner={banner} group="w_home" />);
    await fill(screen.getByLabelText('Title (EN)'), 'Lanterns tonight');
    await userEvent.click(screen.getByLabelText('Active (shown on the storefront)'));
    await fill(screen.getByLabelText('Starts'), '2026-12-01T10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      groupName: 'w_home',
      sequence: 2,
      title: { EN: 'Lanterns tonight', TY: 'Subukan ang Lucky Lanterns' },
      linkageType: 'GAME',
      linkTarget: '10002',
      active: false,
      startTime: new Date('2026-12-01T10:00').getTime(),
      endTime: 0,
    });
  });

  it('shows why an upload was refused', async () => {
    mockApi({ 'POST /ops/v1/content/images': () => ({ status: 400, code: 'upload.wrong_type' }) });
    renderWith(<BannerEditor open onClose={() => {}} banner={banner} group="w_home" />);
    const file = new File(['just text'], 'notes.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Upload PNG or JPG'), file);
    expect(await screen.findByText('Only PNG or JPG images can be uploaded. This file is not one.')).toBeInTheDocument();
  });
});

describe('AnnouncementEditor', { timeout: 30_000 }, () => {
  it('creates a notice in TY and EN, with an optional third language', async () => {
    const { calls } = mockApi({ 'POST /ops/v1/content/announcements': (b) => ({ value: { id: 40, ...(b as object) } }) });
    const onClose = vi.fn();
    renderWith(<AnnouncementEditor open onClose={onClose} type="PL" />);
    await fill(screen.getByLabelText('Title (EN)'), 'Maintenance tonight');
    await fill(screen.getByLabelText('Content (HTML) (EN)'), '<p>Short break</p>');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('tab', { name: /TY \* !/ })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('tab', { name: /TY/ }));
    await fill(screen.getByLabelText('Title (TY)'), 'Maintenance mamayang gabi');
    await fill(screen.getByLabelText('Content (HTML) (TY)'), '<p>Maikling pahinga</p>');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Add a language' }), 'JA');
    await fill(screen.getByLabelText('Title (JA)'), 'メンテナンス');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      type: 'PL',
      execution: '',
      title: { EN: 'Maintenance tonight', TY: 'Maintenance mamayang gabi', JA: 'メンテナンス' },
      content: { EN: '<p>Short break</p>', TY: '<p>Maikling pahinga</p>' },
      announcementImages: [],
    });
  });

  it('shows the server code of a refused save in words', async () => {
    mockApi({ 'POST /ops/v1/content/announcements': () => ({ status: 400, code: 'content.schedule_invalid' }) });
    renderWith(<AnnouncementEditor open onClose={() => {}} type="H" />);
    await fill(screen.getByLabelText('Title (EN)'), 'Fast withdrawals');
    await userEvent.click(screen.getByRole('tab', { name: /TY/ }));
    await fill(screen.getByLabelText('Title (TY)'), 'Mabilis na pag-withdraw');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The end of the schedule must come after its start.')).toBeInTheDocument();
  });
});
