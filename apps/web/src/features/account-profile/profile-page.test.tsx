import { AVATAR_MAX_BYTES } from '@app/contract/account/profile/avatar';
import type { Profile } from '@app/contract/account/profile/profile';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { formatDate } from '../../lib/format';
import { basicInfosFixture } from '../../lib/testing/basic-infos-fixture';
import { errorBody } from '../../lib/testing/mock-fetch';

function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'user-1',
    username: 'Ada',
    email: 'a*******e@example.com',
    email_verified: true,
    main_bound_account: 'a*******e@example.com',
    avatar_url: null,
    created_at: 1_700_000_000,
    ...overrides,
  };
}

/**
 * A server whose profile and basic infos agree and change together, as the real one's do, so the
 * top bar can be seen to follow a change made on the page.
 */
function server(extra: StubRoutes = {}) {
  const state = { username: 'Ada', avatar_url: null as string | null };
  const routes: StubRoutes = {
    ...signedInRoutes(),
    'GET /api/user/basic-infos': () => ({
      body: basicInfosFixture({ ...state, role_name: 'Marketing lead' }),
    }),
    'GET /api/account/profile': () => ({ body: profile(state) }),
    'PATCH /api/account/profile': (request) => {
      state.username = (request.json() as { username: string }).username;
      return { body: profile(state) };
    },
    'POST /api/account/profile/avatar': () => {
      state.avatar_url = '/api/files/avatar-2';
      return { body: { avatar_url: state.avatar_url } };
    },
    'DELETE /api/account/profile/avatar': () => {
      state.avatar_url = null;
      return { body: { avatar_url: null } };
    },
    ...extra,
  };
  return routes;
}

async function openProfile() {
  renderApp('/account/personal/profile');
  expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
  await screen.findByLabelText('Username');
  return userEvent.setup();
}

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

const topBarUser = () => screen.getByRole('button', { name: 'Account menu' });

describe('/account/personal/profile', () => {
  it('shows the e-mail masked exactly as the server gives it, the bound account, role and member since', async () => {
    signIn();
    stubFetch(server());
    await openProfile();

    // Never unmasked or re-masked on the client.
    expect(screen.getAllByText('a*******e@example.com')).toHaveLength(2);
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByText('Marketing lead')).toBeTruthy();
    expect(screen.getByText(formatDate(1_700_000_000))).toBeTruthy();
  });

  it('renaming sends the new (trimmed) name and the top bar shows it', async () => {
    signIn();
    const fetch = stubFetch(server());
    const user = await openProfile();
    expect(within(topBarUser()).getByText('Ada')).toBeTruthy();

    const field = screen.getByLabelText('Username');
    await user.clear(field);
    await user.type(field, '  Ada Lovelace ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fetch.callsTo('PATCH /api/account/profile')).toHaveLength(1));
    expect(fetch.callsTo('PATCH /api/account/profile')[0]?.json()).toEqual({ username: 'Ada Lovelace' });
    expect(await screen.findByText('Name saved')).toBeTruthy();
    await waitFor(() => expect(within(topBarUser()).getByText('Ada Lovelace')).toBeTruthy());
  });

  it('an empty name is refused on the field and nothing is sent', async () => {
    signIn();
    const fetch = stubFetch(server());
    const user = await openProfile();

    const field = screen.getByLabelText('Username');
    await user.clear(field);
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Please enter your name')).toBeTruthy();
    expect(fetch.callsTo('PATCH /api/account/profile')).toHaveLength(0);
  });

  it("shows the server's refusal of a name on the field", async () => {
    signIn();
    stubFetch(
      server({
        'PATCH /api/account/profile': {
          status: 400,
          body: errorBody('VALIDATION_ERROR', 'Invalid input', {
            fields: { username: 'Input exceeds maximum length' },
          }),
        },
      }),
    );
    const user = await openProfile();

    await user.type(screen.getByLabelText('Username'), ' Byron');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Input exceeds maximum length')).toBeTruthy();
  });

  it('a picture over the limit is refused before sending, naming the limit', async () => {
    signIn();
    const fetch = stubFetch(server());
    const user = await openProfile();

    const tooLarge = new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'holiday.jpg', { type: 'image/jpeg' });
    await user.upload(fileInput(), tooLarge);

    expect(
      await screen.findByText('This picture is larger than 2.00 MB. Choose a smaller one.'),
    ).toBeTruthy();
    expect(fetch.callsTo('POST /api/account/profile/avatar')).toHaveLength(0);
  });

  it("shows the server's refusal of a file whose content is not a picture", async () => {
    signIn();
    const fetch = stubFetch(
      server({
        'POST /api/account/profile/avatar': {
          status: 400,
          body: errorBody('VALIDATION_ERROR', 'Uploaded file type is wrong', {
            fields: { file: 'Uploaded file type is wrong' },
          }),
        },
      }),
    );
    const user = await openProfile();

    // Named like a picture: only the server, reading the content, can tell.
    await user.upload(fileInput(), new File(['just some text'], 'notes.png', { type: 'image/png' }));

    expect(await screen.findByText('Uploaded file type is wrong')).toBeTruthy();
    const sent = fetch.callsTo('POST /api/account/profile/avatar')[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect(((sent as FormData).get('file') as File).name).toBe('notes.png');
  });

  it('uploads a picture in the multipart field `file`, then the top bar shows it', async () => {
    signIn();
    const fetch = stubFetch(server());
    const user = await openProfile();

    await user.upload(fileInput(), new File(['png bytes'], 'me.png', { type: 'image/png' }));

    expect(await screen.findByText('Profile picture updated')).toBeTruthy();
    expect(fetch.callsTo('POST /api/account/profile/avatar')).toHaveLength(1);
    await waitFor(() =>
      expect(topBarUser().querySelector('img')?.getAttribute('src')).toBe('/api/files/avatar-2'),
    );
  });

  it('removes the picture only after confirming', async () => {
    signIn();
    const fetch = stubFetch(server());
    const user = await openProfile();
    await user.upload(fileInput(), new File(['png bytes'], 'me.png', { type: 'image/png' }));
    await screen.findByText('Profile picture updated');

    await user.click(await screen.findByRole('button', { name: 'Remove picture' }));
    expect(fetch.callsTo('DELETE /api/account/profile/avatar')).toHaveLength(0);
    await user.click(
      within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Remove picture' }),
    );

    expect(await screen.findByText('Profile picture removed')).toBeTruthy();
    expect(fetch.callsTo('DELETE /api/account/profile/avatar')).toHaveLength(1);
    await waitFor(() => expect(topBarUser().querySelector('img')).toBeNull());
  });
});
