import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/format';
import { basicInfosFixture } from '../../lib/testing/basic-infos-fixture';
import { renderApp } from '../testing/render-app';
import { signedInRoutes, signIn } from '../testing/signed-in-stubs';
import { stubFetch } from '../testing/stub-fetch';

const SENT_AT = 1_717_171_717;

const infos = basicInfosFixture({
  msgs_unread: {
    total: 3,
    msgs: [
      {
        id: 'm1',
        level: 'important',
        title: 'Invoice ready',
        body: 'Your May invoice is ready.',
        creation_time: SENT_AT,
      },
      {
        id: 'm2',
        level: 'warning',
        title: 'Credits low',
        body: 'Fewer than 10 credits left.',
        creation_time: SENT_AT,
      },
    ],
  },
});

describe('top bar messages', () => {
  it('shows the unread total from basic infos and lists the unread messages', async () => {
    signIn();
    stubFetch(signedInRoutes(infos));
    const app = renderApp('/chat');
    const user = userEvent.setup();

    const bell = await screen.findByRole('button', { name: 'Messages, 3 unread' });
    await user.click(bell);

    const drawer = await screen.findByRole('dialog', { name: 'Messages' });
    expect(within(drawer).getByText('Invoice ready')).toBeTruthy();
    expect(within(drawer).getByText('Your May invoice is ready.')).toBeTruthy();
    expect(within(drawer).getByText('Important')).toBeTruthy();
    expect(within(drawer).getByText('Warning')).toBeTruthy();
    expect(within(drawer).getAllByText(formatDate(SENT_AT))).toHaveLength(2);
    // Two shown out of three: the drawer says the list is not everything.
    expect(within(drawer).getByText('Showing the latest 2 of 3 unread messages')).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: 'View all messages' }));
    await waitFor(() => expect(app.location()).toBe('/account/messages'));
  });

  it('shows no count when nothing is unread', async () => {
    signIn();
    stubFetch(signedInRoutes());
    renderApp('/chat');

    expect(await screen.findByRole('button', { name: 'Messages' })).toBeTruthy();
  });
});
