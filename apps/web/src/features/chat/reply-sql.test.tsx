import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { basicInfosFixture } from '../../lib/testing/basic-infos-fixture';
import { emptyRangeRects, keptChatRoutes, SQL_TEXT } from './chat-test-stubs';

emptyRangeRects();
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe("a reply's SQL", () => {
  it('opens in a read-only code viewer in the app theme, highlighted and wrapped, and copies', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    signIn();
    const infos = basicInfosFixture();
    const dark = { ...infos, preferences: { ...infos.preferences, theme: 'dark' as const } };
    stubFetch(keptChatRoutes(signedInRoutes(dark)));
    renderApp('/chat/c1');

    // The viewer is drawn when the panel opens, not before.
    fireEvent.click(await screen.findByText('SQL'));
    const code = await screen.findByRole('textbox', { name: 'SQL' });
    expect(code.getAttribute('contenteditable')).toBe('false');
    // The user's dark theme, not CodeMirror's light default.
    expect(code.closest('.cm-theme-dark')).toBeTruthy();
    expect(code.textContent).toBe(SQL_TEXT.replaceAll('\n', ''));
    // One line of code per line of SQL (wrapped, not scrolled sideways), the keywords highlighted.
    expect(code.querySelectorAll('.cm-line')).toHaveLength(3);
    expect(code.classList.contains('cm-lineWrapping')).toBe(true);
    const keyword = [...code.querySelectorAll('.cm-line span')].find((span) => span.textContent === 'select');
    expect(keyword?.className).toMatch(/\S/);

    fireEvent.click(screen.getByRole('button', { name: 'Copy SQL' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SQL_TEXT));
    expect(await screen.findByText('Copied')).toBeTruthy();
  });
});
