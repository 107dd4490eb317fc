import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { stubFetch } from '../../app/testing/stub-fetch';
import { CnLoginPage } from './cn-login-page';

// The build's region picks this variant (auth-pages.ts); rendered directly here so one test run covers both.
describe('/login, China-region variant', () => {
  it('opens on e-mail sign-in and says plainly that WeChat login is not configured', async () => {
    stubFetch();
    renderApp('/login', [{ path: '/login', Component: CnLoginPage }]);
    const user = userEvent.setup();

    expect(await screen.findByLabelText('E-mail')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'WeChat' }));
    expect(await screen.findByText('WeChat login is not configured yet')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Use e-mail instead' }));
    expect(screen.getByRole('tab', { name: 'E-mail sign-in' }).getAttribute('aria-selected')).toBe('true');
  });
});
