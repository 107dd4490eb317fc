import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

describe('/500', () => {
  it('says something went wrong and goes back to where the user was on request', async () => {
    signIn();
    stubFetch(signedInRoutes());
    const app = renderApp(`/500?from=${encodeURIComponent('/chat')}`);

    expect(await screen.findByText('Sorry! Something went wrong...')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(app.location()).toBe('/chat'));
  });
});
