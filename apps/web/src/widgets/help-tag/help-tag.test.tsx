import { DEFAULT_HELP_TAG_STYLE } from '@app/contract/help/help-tags';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';
import { basicInfosFixture } from '../../lib/testing/basic-infos-fixture';
import { HelpTag } from './help-tag';

const HELP = 'POST /api/config/help/html-tag-help';

function page() {
  return [
    {
      path: '/help-demo',
      element: (
        <div>
          <h1>
            Title
            <HelpTag page="/help-demo" id="title" />
          </h1>
          <p>
            Chart
            <HelpTag page="/help-demo" id="chart" />
          </p>
        </div>
      ),
    },
  ];
}

function stubs(version: number, helpSwitch = true) {
  return stubFetch({
    ...signedInRoutes(
      basicInfosFixture({
        latest_tag_help_version: version,
        preferences: { ...basicInfosFixture().preferences, help_switch: helpSwitch },
      }),
    ),
    [HELP]: {
      body: {
        helps: {
          title: {
            html: '<p>Read <strong>me</strong><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script></p>',
            icon: 'info',
          },
        },
        style: { ...DEFAULT_HELP_TAG_STYLE, icon_color: '#ff0000', popover_trigger: 'click' },
        version,
      },
    },
  });
}

describe('HelpTag', () => {
  it('asks once for every tag of the page, shows an icon only where help exists, and sanitises its HTML', async () => {
    signIn();
    const fetch = stubs(3);
    renderApp('/help-demo', page());

    const icon = await screen.findByTestId('help-tag-title');
    expect(screen.queryByTestId('help-tag-chart')).toBeNull();
    const calls = fetch.callsTo(HELP);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.json()).toEqual({ page_path: '/help-demo', ids: JSON.stringify(['chart', 'title']) });
    // Styled per the style answered.
    expect(icon.querySelector('span')?.getAttribute('style')).toContain('color: rgb(255, 0, 0)');

    fireEvent.click(icon);
    const text = await screen.findByText('me');
    const html = text.closest('.help-tag__html');
    expect(html?.innerHTML).toBe('<p>Read <strong>me</strong></p>');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('keeps the answer by latest_tag_help_version: the same version asks nothing, a new one asks again', async () => {
    signIn();
    let fetch = stubs(5);
    let view = renderApp('/help-demo', page());
    await screen.findByTestId('help-tag-title');
    expect(fetch.callsTo(HELP)).toHaveLength(1);
    expect(localStorage.getItem('app_help:en_US:/help-demo')).toContain('"version":5');
    view.unmount();

    fetch = stubs(5);
    view = renderApp('/help-demo', page());
    await screen.findByTestId('help-tag-title');
    expect(fetch.callsTo(HELP)).toHaveLength(0);
    view.unmount();

    fetch = stubs(6);
    renderApp('/help-demo', page());
    await screen.findByTestId('help-tag-title');
    expect(fetch.callsTo(HELP)).toHaveLength(1);
    expect(localStorage.getItem('app_help:en_US:/help-demo')).toContain('"version":6');
  });

  it("shows nothing and asks nothing while the user's help switch is off", async () => {
    signIn();
    const fetch = stubs(1, false);
    renderApp('/help-demo', page());
    await screen.findByText('Title');
    await waitFor(() => expect(fetch.callsTo('GET /api/user/basic-infos').length).toBeGreaterThan(0));
    // Give the page a moment to ask, were it going to.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch.callsTo(HELP)).toHaveLength(0);
    expect(screen.queryByTestId('help-tag-title')).toBeNull();
  });
});
