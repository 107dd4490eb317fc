import type { BrandProfile } from '@app/contract/account/brand/brand';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { type StubRoutes, stubFetch } from '../../app/testing/stub-fetch';
import { basicInfosFixture } from '../../lib/testing/basic-infos-fixture';

function brandProfile(overrides: Partial<BrandProfile> = {}): BrandProfile {
  return {
    team_id: 'team-1',
    brand_name: 'Acme',
    website: 'https://acme.example',
    description: 'Running shoes for trail runners',
    tone_of_voice: 'Friendly',
    keywords: ['trail'],
    competitors: ['Globex'],
    logo: null,
    updated_at: 1_700_000_000,
    can_edit: true,
    ...overrides,
  };
}

function server(brand: BrandProfile, extra: StubRoutes = {}, role = 'owner'): StubRoutes {
  return {
    ...signedInRoutes(basicInfosFixture({ team: { id: 'team-1', name: 'Acme', role } })),
    'GET /api/account/brand': { body: { brand } },
    ...extra,
  };
}

async function openPage() {
  renderApp('/account/brand-center');
  expect(await screen.findByText('Brand center', { selector: 'h3' })).toBeTruthy();
  await screen.findByDisplayValue('Acme');
  return userEvent.setup();
}

/**
 * This page carries a lot of antd CSS, and jsdom's getComputedStyle (which role queries call for
 * every element) is slow against it; buttons are found by their text or label instead.
 */
function button(name: string, container: HTMLElement = document.body): HTMLButtonElement {
  const found =
    within(container).queryByLabelText(name, { selector: 'button' }) ??
    within(container).getByText(name, { selector: 'button > span' }).closest('button');
  if (!found) throw new Error(`no button ${name}`);
  return found as HTMLButtonElement;
}

function queryButton(name: string): HTMLButtonElement | null {
  try {
    return button(name);
  } catch {
    return null;
  }
}

/** The form item (label, control and its messages) that holds `control`. */
function itemOf(control: HTMLElement): HTMLElement {
  const item = control.closest<HTMLElement>('.ant-form-item');
  if (!item) throw new Error('not inside a form item');
  return item;
}

describe('/account/brand-center', () => {
  it('saves the edited fields, keywords and competitors included', async () => {
    signIn();
    const fetch = stubFetch(
      server(brandProfile(), {
        'PUT /api/account/brand': (request) => ({ body: { brand: brandProfile(request.json() as object) } }),
      }),
    );
    const user = await openPage();
    expect(queryButton('Upload logo')).not.toBeNull();

    const name = screen.getByLabelText('Brand name');
    await user.clear(name);
    await user.paste('Acme Outdoor');
    const website = screen.getByLabelText('Website');
    await user.clear(website);
    await user.paste('https://outdoor.example');
    await user.type(screen.getByLabelText('Keywords'), 'hiking{Enter}');
    await user.click(button('Add competitor'));
    await user.click(screen.getByLabelText('Competitor 2'));
    await user.paste('Initech');
    await user.click(button('Save'));

    await waitFor(() => expect(fetch.callsTo('PUT /api/account/brand')).toHaveLength(1));
    expect(fetch.callsTo('PUT /api/account/brand')[0]?.json()).toEqual({
      brand_name: 'Acme Outdoor',
      website: 'https://outdoor.example',
      description: 'Running shoes for trail runners',
      tone_of_voice: 'Friendly',
      keywords: ['trail', 'hiking'],
      competitors: ['Globex', 'Initech'],
    });
    expect(await screen.findByText('Brand profile saved')).toBeTruthy();
  });

  it('removes a competitor row before saving', async () => {
    signIn();
    const fetch = stubFetch(
      server(brandProfile({ competitors: ['Globex', 'Initech'] }), {
        'PUT /api/account/brand': (request) => ({ body: { brand: brandProfile(request.json() as object) } }),
      }),
    );
    const user = await openPage();

    await user.click(button('Remove competitor 1'));
    await user.click(button('Save'));

    await waitFor(() => expect(fetch.callsTo('PUT /api/account/brand')).toHaveLength(1));
    expect(fetch.callsTo('PUT /api/account/brand')[0]?.json()).toMatchObject({ competitors: ['Initech'] });
  });

  it("shows the server's field errors under the fields it names, a competitor row included", async () => {
    signIn();
    stubFetch(
      server(brandProfile({ competitors: ['Globex', 'Initech'] }), {
        'PUT /api/account/brand': {
          status: 400,
          body: {
            error_code: 'VALIDATION_ERROR',
            msg: 'Some fields are not valid',
            req_id: 'r-1',
            fields: {
              website: 'This address is not allowed',
              'competitors.1': 'Input exceeds maximum length',
            },
          },
        },
      }),
    );
    const user = await openPage();

    await user.click(button('Save'));

    const websiteItem = itemOf(screen.getByLabelText('Website'));
    expect(await within(websiteItem).findByText('This address is not allowed')).toBeTruthy();
    expect(
      within(itemOf(screen.getByLabelText('Competitor 2'))).getByText('Input exceeds maximum length'),
    ).toBeTruthy();
    expect(
      within(itemOf(screen.getByLabelText('Competitor 1'))).queryByText('Input exceeds maximum length'),
    ).toBeNull();
  });

  it('refuses a website without http(s):// before sending anything', async () => {
    signIn();
    const fetch = stubFetch(server(brandProfile()));
    const user = await openPage();

    const website = screen.getByLabelText('Website');
    await user.clear(website);
    await user.paste('acme.example');
    await user.click(button('Save'));

    expect(
      await within(itemOf(website)).findByText('Enter a web address starting with http:// or https://'),
    ).toBeTruthy();
    expect(fetch.callsTo('PUT /api/account/brand')).toHaveLength(0);
  });

  it('shows a member who may not edit the profile read-only, with a note saying who can', async () => {
    signIn();
    stubFetch(server(brandProfile({ can_edit: false }), {}, 'member'));
    await openPage();

    expect(screen.getByText(/Only the team's owner and admins can edit the brand profile/)).toBeTruthy();
    expect((screen.getByLabelText('Brand name') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Website') as HTMLInputElement).disabled).toBe(true);
    expect(queryButton('Save')).toBeNull();
    expect(queryButton('Add competitor')).toBeNull();
    expect(queryButton('Upload logo')).toBeNull();
    expect(queryButton('Remove competitor 1')).toBeNull();
  });

  it('refuses a logo over 2 MB in the browser, with the limit in the message', async () => {
    signIn();
    const fetch = stubFetch(server(brandProfile()));
    await openPage();

    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'logo.png', { type: 'image/png' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [big] } });

    expect(await screen.findByText('The logo must be at most 2.00 MB.')).toBeTruthy();
    expect(fetch.callsTo('POST /api/account/brand/logo')).toHaveLength(0);
  });

  it("uploads a logo and shows the server's reason when it refuses the file's content", async () => {
    signIn();
    const fetch = stubFetch(
      server(brandProfile(), {
        'POST /api/account/brand/logo': {
          status: 400,
          body: {
            error_code: 'VALIDATION_ERROR',
            msg: 'Uploaded file type is wrong',
            req_id: 'r-2',
            fields: { file: 'Uploaded file type is wrong' },
          },
        },
      }),
    );
    await openPage();

    const fake = new File(['not an image'], 'logo.png', { type: 'image/png' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [fake] } });

    expect(
      (await screen.findByText('Uploaded file type is wrong', { selector: '[role="alert"]' })).textContent,
    ).toBe('Uploaded file type is wrong');
    const sent = fetch.callsTo('POST /api/account/brand/logo')[0]?.body;
    expect(sent instanceof FormData && (sent.get('file') as File).name).toBe('logo.png');
  });

  it('removes the logo only after confirming', async () => {
    signIn();
    const withLogo = brandProfile({ logo: { id: 'f-1', url: '/api/files/f-1' } });
    const fetch = stubFetch(
      server(withLogo, { 'DELETE /api/account/brand/logo': { body: { brand: brandProfile() } } }),
    );
    const user = await openPage();

    expect(screen.getByAltText('Brand logo').getAttribute('src')).toBe('/api/files/f-1');
    await user.click(button('Remove'));
    expect(fetch.callsTo('DELETE /api/account/brand/logo')).toHaveLength(0);
    const confirm = await screen.findByText('Remove the logo?');
    await user.click(button('Remove', confirm.closest<HTMLElement>('.ant-popover') ?? document.body));

    await waitFor(() => expect(fetch.callsTo('DELETE /api/account/brand/logo')).toHaveLength(1));
    expect(await screen.findByText('No logo yet.')).toBeTruthy();
  });
});
