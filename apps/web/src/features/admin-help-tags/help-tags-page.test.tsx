import { DEFAULT_HELP_TAG_STYLE, type HelpTag } from '@app/contract/help/help-tags';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

const TAG: HelpTag = {
  id: 'tag-1',
  page_path: '/chat',
  element_id: 'title',
  texts: {
    en_US: { html: '<p>Ask the assistant</p>', icon: 'info' },
    fr_FR: { html: '<p>Posez</p>', icon: '' },
  },
  enabled: true,
  updated_at: 1_700_000_000,
  updated_by: 'root@example.com',
};

describe('/admin/sys-functions/help-tags', () => {
  it('lists tags with their languages, filters by page path, and saves an edit from the drawer', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/sys-functions/help-tags': { body: { items: [TAG] } },
      'PUT /api/admin/sys-functions/help-tags/tag-1': {
        body: { help_tag: { ...TAG, element_id: 'heading' } },
      },
    });
    renderApp('/admin/sys-functions/help-tags');
    const row = (await screen.findByText('/chat')).closest('tr') as HTMLElement;
    expect(within(row).getByText('title')).toBeTruthy();
    expect(within(row).getByText('en_US')).toBeTruthy();
    expect(within(row).getByText('fr_FR')).toBeTruthy();
    expect(within(row).queryByText('zh_CN')).toBeNull();
    expect(within(row).getByText('On')).toBeTruthy();

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Filter by page path' }), 'chat{Enter}');
    await waitFor(() =>
      expect(
        fetch
          .callsTo('GET /api/admin/sys-functions/help-tags')
          .some((call) => call.url.includes('page_path=chat')),
      ).toBe(true),
    );

    const filtered = (await screen.findByText('/chat')).closest('tr') as HTMLElement;
    await user.click(within(filtered).getByRole('button', { name: 'Edit' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Edit help tag')).toBeTruthy();
    const element = within(drawer).getByLabelText('Element id');
    await user.clear(element);
    await user.type(element, 'heading');
    // The rich-text editor of each language loads in the drawer.
    await within(drawer).findAllByRole('textbox', { name: /Help text/ });
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fetch.callsTo('PUT /api/admin/sys-functions/help-tags/tag-1')[0]?.json()).toEqual({
        page_path: '/chat',
        element_id: 'heading',
        enabled: true,
        texts: {
          en_US: { html: '<p>Ask the assistant</p>', icon: 'info' },
          fr_FR: { html: '<p>Posez</p>', icon: '' },
        },
      }),
    );
  });

  it("shows the server's refusal under the element id", async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/sys-functions/help-tags': { body: { items: [] } },
      'POST /api/admin/sys-functions/help-tags': {
        status: 400,
        body: {
          error_code: 'VALIDATION_ERROR',
          msg: 'Some fields are not valid',
          req_id: 'r',
          fields: { element_id: 'This page already has help for this element' },
        },
      },
    });
    renderApp('/admin/sys-functions/help-tags');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New help tag' }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText('Page path'), '/chat');
    await user.type(within(drawer).getByLabelText('Element id'), 'title');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('This page already has help for this element')).toBeTruthy();
  });
});

describe('/admin/sys-functions/help-tags-style', () => {
  it('previews the style as it is edited and saves it', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/sys-functions/help-tags-style': {
        body: { style: DEFAULT_HELP_TAG_STYLE, updated_at: null, updated_by: null },
      },
      'PUT /api/admin/sys-functions/help-tags-style': ({ json }) => ({
        body: { style: json(), updated_at: 1_700_000_000, updated_by: 'root@example.com' },
      }),
    });
    renderApp('/admin/sys-functions/help-tags-style');
    const icon = await screen.findByTestId('help-style-preview-icon');
    expect(icon.querySelector('span')?.getAttribute('style')).toContain('font-size: 14px');

    const size = screen.getByRole('spinbutton', { name: 'Icon size (px)' });
    fireEvent.change(size, { target: { value: '24' } });
    await waitFor(() =>
      expect(
        screen.getByTestId('help-style-preview-icon').querySelector('span')?.getAttribute('style'),
      ).toContain('font-size: 24px'),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Light bulb' }));
    await user.click(screen.getByRole('radio', { name: 'Click' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fetch.callsTo('PUT /api/admin/sys-functions/help-tags-style')[0]?.json()).toEqual({
        ...DEFAULT_HELP_TAG_STYLE,
        icon_size: 24,
        icon_kind: 'bulb',
        popover_trigger: 'click',
      }),
    );
    expect(await screen.findByText(/Changed by root@example.com/)).toBeTruthy();
  });
});
