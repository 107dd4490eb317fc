import type { ProjectMember } from '@app/contract/account/projects/project-members';
import type { Project } from '@app/contract/account/projects/projects';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';

/** The first page of a file waits for Vite to transform antd: slow on this shared machine. */
const FIRST_LOAD = { timeout: 30_000 };

function project(overrides: Partial<Project> = {}): Project {
  return {
    id: 'p-1',
    team_id: 'team-1',
    team_name: 'Acme',
    name: 'Spring launch',
    description: 'Ads for the spring range',
    my_role: 'admin',
    guest: false,
    can_manage: true,
    can_delete: true,
    members_count: 2,
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
    ...overrides,
  };
}

function member(user_id: string, username: string, role: 'admin' | 'member', is_me = false): ProjectMember {
  return {
    user_id,
    username,
    email: `${username.toLowerCase()}@example.com`,
    avatar_url: null,
    role,
    guest: false,
    joined_at: 1_700_000_000,
    is_me,
  };
}

function list(items: Project[]) {
  return { body: { items, total: items.length, page: 1, page_size: 10 } };
}

function details(item: Project, extra: StubRoutes = {}): StubRoutes {
  return {
    ...signedInRoutes(),
    [`GET /api/account/projects/${item.id}`]: { body: { project: item } },
    [`GET /api/account/projects/${item.id}/members`]: {
      body: {
        members: [
          member('user-1', 'Ada', item.my_role ?? 'member', true),
          member('user-3', 'Cleo', 'member'),
        ],
        invites: [
          {
            id: 'inv-1',
            email: 'grace@example.com',
            role: 'member',
            invited_by_name: 'Ada',
            state: 'valid',
            created_at: 1_700_000_000,
            expires_at: 1_700_600_000,
          },
        ],
      },
    },
    ...extra,
  };
}

/** A button by its visible text; role queries over the whole antd page are very slow in jsdom. */
function button(text: string): HTMLElement {
  const found = screen.getByText(text).closest('button');
  if (!found) throw new Error(`No button "${text}"`);
  return found;
}

describe('/account/project', () => {
  it("an unknown id (or another team's project) shows not found with a way back to the list", async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/account/projects/p-404': {
        status: 404,
        body: { error_code: 'NOT_FOUND', msg: 'Project not found', req_id: 'r' },
      },
    });
    renderApp('/account/project/p-404');

    expect(await screen.findByText('Project not found', {}, FIRST_LOAD)).toBeTruthy();
    expect(button('Back to projects').closest('a')?.getAttribute('href')).toBe('/account/project');
    expect(screen.queryByText('Members (0)')).toBeNull();
  });

  it("lists the team's projects and creates one with the name and description given", async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/account/projects': list([
        project(),
        project({ id: 'p-9', name: 'Solo', description: 'Just me', members_count: 1 }),
      ]),
      'POST /api/account/projects': (request) => ({
        body: { project: project({ id: 'p-2', ...(request.json() as object) }) },
      }),
    });
    renderApp('/account/project');
    const user = userEvent.setup();

    expect(await screen.findByText('Spring launch', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('Ads for the spring range')).toBeTruthy();
    expect(screen.getByText('2 members')).toBeTruthy();
    // One is one member, not "1 members".
    expect(screen.getByText('1 member')).toBeTruthy();
    expect(
      new URL(fetch.callsTo('GET /api/account/projects')[0]?.url ?? '', 'http://x').searchParams.get('scope'),
    ).toBe('team');

    await user.click(button('New project'));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await dialog.findByText('Enter a project name')).toBeTruthy();
    expect(fetch.callsTo('POST /api/account/projects')).toHaveLength(0);

    await user.click(dialog.getByLabelText('Project name'));
    await user.paste('Autumn sale');
    await user.click(dialog.getByLabelText('Description'));
    await user.paste('Search ads for October');
    await user.click(dialog.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(fetch.callsTo('POST /api/account/projects')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/account/projects')[0]?.json()).toEqual({
      name: 'Autumn sale',
      description: 'Search ads for October',
    });
  });

  it('an empty team says what a project is for and offers to create the first', async () => {
    signIn();
    stubFetch({ ...signedInRoutes(), 'GET /api/account/projects': list([]) });
    renderApp('/account/project');

    expect(await screen.findByText(/No projects yet/, {}, FIRST_LOAD)).toBeTruthy();
    expect(button('Create the first project')).toBeTruthy();
  });

  it('a plain project member sees its details and members but no edit, delete, invite, revoke or remove', async () => {
    signIn();
    stubFetch(details(project({ my_role: 'member', can_manage: false, can_delete: false })));
    renderApp('/account/project/p-1');

    expect(await screen.findByText('cleo@example.com', {}, FIRST_LOAD)).toBeTruthy();
    expect(screen.getByText('grace@example.com')).toBeTruthy();
    for (const text of ['Edit', 'Delete', 'Invite member', 'Revoke']) {
      expect(screen.queryByText(text), text).toBeNull();
    }
    expect(screen.queryByLabelText('Remove Cleo')).toBeNull();
    // Leaving the project is every member's own choice.
    expect(screen.getByLabelText('Leave the project')).toBeTruthy();
  });

  it('a project admin invites by e-mail with the role and sees the link when the mail could not go out', async () => {
    signIn();
    const fetch = stubFetch(
      details(project(), {
        'POST /api/account/projects/p-1/invites': (request) => ({
          body: {
            invite: {
              id: 'inv-2',
              email: 'dan@example.com',
              role: 'member',
              invited_by_name: 'Ada',
              state: 'valid',
              created_at: 1_700_000_000,
              expires_at: 1_700_600_000,
              ...(request.json() as object),
            },
            link: 'http://localhost/projects/accept-invite?token=xyz',
            sent: false,
            reason: 'not sent: no SMTP configured',
          },
        }),
      }),
    );
    renderApp('/account/project/p-1');
    const user = userEvent.setup();
    await screen.findByText('cleo@example.com', {}, FIRST_LOAD);

    await user.click(button('Invite member'));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByLabelText('E-mail'));
    await user.paste('dan@example.com');
    await user.click(dialog.getByRole('button', { name: 'Send invite' }));

    await waitFor(() => expect(fetch.callsTo('POST /api/account/projects/p-1/invites')).toHaveLength(1));
    expect(fetch.callsTo('POST /api/account/projects/p-1/invites')[0]?.json()).toEqual({
      email: 'dan@example.com',
      role: 'member',
    });
    expect(await dialog.findByText('http://localhost/projects/accept-invite?token=xyz')).toBeTruthy();
  });

  it('deletes the project after confirming and returns to the list', async () => {
    signIn();
    const fetch = stubFetch(
      details(project(), {
        'DELETE /api/account/projects/p-1': { body: { deleted: true } },
        'GET /api/account/projects': list([]),
      }),
    );
    const app = renderApp('/account/project/p-1');
    const user = userEvent.setup();
    await screen.findByText('cleo@example.com', {}, FIRST_LOAD);

    await user.click(button('Delete'));
    expect(fetch.callsTo('DELETE /api/account/projects/p-1')).toHaveLength(0);
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(app.location()).toBe('/account/project'));
    expect(fetch.callsTo('DELETE /api/account/projects/p-1')).toHaveLength(1);
  });
});
