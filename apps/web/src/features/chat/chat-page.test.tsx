import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

describe('/chat', () => {
  it('says the assistant is not available yet and keeps the composer disabled with the reason', async () => {
    signIn();
    stubFetch(signedInRoutes());
    renderApp('/chat');

    expect(await screen.findByText('The assistant is not available yet')).toBeTruthy();
    const composer = screen.getByRole('textbox', { name: 'Message' });
    expect(composer.hasAttribute('disabled')).toBe(true);
    const reason = 'Sending is disabled until the assistant is available.';
    expect(document.getElementById(composer.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      reason,
    );
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getAllByText('No conversations yet').length).toBeGreaterThan(0);
  });
});
