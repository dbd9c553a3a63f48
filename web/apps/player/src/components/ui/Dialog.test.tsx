import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './Dialog';

function Harness({ closeOnOverlay = true }: { closeOnOverlay?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Greetings" closeOnOverlay={closeOnOverlay}>
        <input aria-label="Name" />
        <button>Save</button>
      </Dialog>
    </>
  );
}

test('is a labelled modal dialog and focuses the first field', async () => {
  render(<Harness />);
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('dialog', { name: 'Greetings' });
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
});

test('traps Tab focus inside and Esc closes, returning focus to the opener', async () => {
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Open' });
  await userEvent.click(opener);
  await screen.findByRole('dialog');
  const name = screen.getByRole('textbox', { name: 'Name' });
  const save = screen.getByRole('button', { name: 'Save' });
  const close = document.querySelector<HTMLButtonElement>('[data-dialog-close]')!;
  expect(name).toHaveFocus();
  await userEvent.tab();
  expect(save).toHaveFocus();
  await userEvent.tab();
  // wraps to the first focusable (the close button in the title bar)
  expect(close).toHaveFocus();
  await userEvent.tab({ shift: true });
  expect(save).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(opener).toHaveFocus();
});

test('overlay click closes unless disabled', async () => {
  const { unmount } = render(<Harness />);
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  await screen.findByRole('dialog');
  await userEvent.click(document.querySelector('[data-testid="dialog-overlay"]')!.nextElementSibling!);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  unmount();

  render(<Harness closeOnOverlay={false} />);
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  await screen.findByRole('dialog');
  await userEvent.click(document.querySelector('[data-testid="dialog-overlay"]')!.nextElementSibling!);
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});
