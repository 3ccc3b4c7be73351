import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { changeLanguage, i18nReady } from '../i18n';
import { MODAL_TRANSITION_MS, useModal } from './modal-host';

const Opener = ({ onClose }: { onClose?: () => void }) => {
  const modal = useModal();
  return (
    <button type="button" onClick={() => modal.open('updating', {}, onClose ? { onClose } : {})}>
      open
    </button>
  );
};

const Twice = () => {
  const modal = useModal();
  return (
    <button
      type="button"
      onClick={() => {
        modal.open('updating', {});
        modal.open('notice', {
          items: [{ id: 1, title: 'Top notice', content: 'x', createdAt: 0 }],
          index: 0,
        });
      }}
    >
      open both
    </button>
  );
};

const openModal = async (onClose?: () => void) => {
  const user = userEvent.setup();
  renderApp(<Opener onClose={onClose} />);
  const trigger = screen.getByRole('button', { name: 'open' });
  await user.click(trigger);
  const panel = await screen.findByTestId('updating-modal');
  return { user, trigger, panel };
};

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
});

afterEach(() => {
  cleanup();
  document.body.style.overflow = '';
});

describe('modal host', () => {
  it('opens an accessible dialog labelled by its heading and moves focus into it', async () => {
    const { panel } = await openModal();
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const heading = screen.getByRole('heading', { name: 'Being updated' });
    expect(dialog.getAttribute('aria-labelledby')).toBe(heading.id);
    expect(panel.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('closes on Escape, runs onClose once, and gives focus back to the trigger after the 0.4 s transition', async () => {
    const onClose = vi.fn();
    const { user, trigger } = await openModal(onClose);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    // Still on screen while it fades out, then gone.
    expect(screen.getByTestId('updating-modal')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('updating-modal')).toBeNull(), {
      timeout: MODAL_TRANSITION_MS + 600,
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(trigger);
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { user } = await openModal();
    const close = screen.getByRole('button', { name: 'Close' });
    const ok = screen.getByRole('button', { name: 'OK' });
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(ok);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(ok);
  });

  it('closes when the cover is clicked, but not when the panel is', async () => {
    const onClose = vi.fn();
    const { user, panel } = await openModal(onClose);
    await user.click(panel);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('modal-cover'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('locks page scroll while open and releases it after closing', async () => {
    const { user } = await openModal();
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), {
      timeout: MODAL_TRANSITION_MS + 600,
    });
    expect(document.body.style.overflow).toBe('');
  });

  it('stacks modals and Escape closes only the top one', async () => {
    const user = userEvent.setup();
    renderApp(<Twice />);
    await user.click(screen.getByRole('button', { name: 'open both' }));
    await screen.findByTestId('notice-modal');
    await screen.findByTestId('updating-modal');
    await act(async () => {
      await user.keyboard('{Escape}');
    });
    await waitFor(() => expect(screen.queryByTestId('notice-modal')).toBeNull(), {
      timeout: MODAL_TRANSITION_MS + 600,
    });
    expect(screen.getByTestId('updating-modal')).toBeTruthy();
  });
});
