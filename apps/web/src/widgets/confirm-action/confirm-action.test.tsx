import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmAction } from './confirm-action';

function mount(onConfirm: () => unknown, destructive = true) {
  render(
    // No motion: jsdom fires no transition events.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <ConfirmAction
          title="Delete the project Apollo?"
          description="This cannot be undone."
          okText="Delete"
          destructive={destructive}
          onConfirm={onConfirm}
          aria-label="Delete Apollo"
        />
      </App>
    </ConfigProvider>,
  );
}

const question = () => screen.queryByText('Delete the project Apollo?');
/** The pop-over's confirming button (the trigger is labelled "Delete Apollo"). */
const confirmButton = () => {
  const found = screen
    .getByText('This cannot be undone.')
    .closest('.ant-popover')
    ?.querySelector('.ant-btn-primary');
  if (!(found instanceof HTMLElement)) throw new Error('no confirm button');
  return found;
};

describe('ConfirmAction: a button whose action is asked about first', () => {
  it('asks before acting, and Cancel leaves everything as it was', async () => {
    const onConfirm = vi.fn();
    mount(onConfirm);
    expect(question()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Apollo' }));
    expect(await screen.findByText('Delete the project Apollo?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() =>
      expect(screen.queryByText('Delete the project Apollo?')?.closest('.ant-popover-hidden')).toBeTruthy(),
    );
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('runs the action once confirmed, the confirming button red for a destructive action', async () => {
    const onConfirm = vi.fn();
    mount(onConfirm);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Apollo' }));
    await screen.findByText('Delete the project Apollo?');

    expect(confirmButton().classList.contains('ant-btn-dangerous')).toBe(true);
    fireEvent.click(confirmButton());
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });

  it('keeps a non-destructive confirm in the usual colour', async () => {
    mount(vi.fn(), false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Apollo' }));
    await screen.findByText('Delete the project Apollo?');
    expect(confirmButton().classList.contains('ant-btn-dangerous')).toBe(false);
  });

  it('closes after a refused action (the error catalogue has shown it) without an unhandled rejection', async () => {
    const onConfirm = vi.fn(() => Promise.reject(new Error('refused')));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      mount(onConfirm);
      fireEvent.click(screen.getByRole('button', { name: 'Delete Apollo' }));
      await screen.findByText('Delete the project Apollo?');
      fireEvent.click(confirmButton());

      await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
      await waitFor(() =>
        expect(screen.queryByText('Delete the project Apollo?')?.closest('.ant-popover-hidden')).toBeTruthy(),
      );
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
