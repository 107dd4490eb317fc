import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/testing/render-app';
import { signedInRoutes, signIn } from '../../app/testing/signed-in-stubs';
import { stubFetch } from '../../app/testing/stub-fetch';

const MATRIX = {
  functions: [
    { key: 'chat', name: 'Chat', built_in: true },
    { key: 'analysis', name: 'Analysis', built_in: true },
  ],
  plans: [],
};

const PRICES = {
  models: [{ model: 'offline', input_per_million: 0, output_per_million: 0, update_time: 1_700_000_000 }],
  functions: [
    { function_key: 'chat', credits: 1, update_time: 1_700_000_000 },
    { function_key: 'analysis', credits: 5, update_time: 1_700_000_000 },
  ],
};

describe('/admin/usm/function/permission: the price table', () => {
  it("shows each function's price and each model's token rates; a changed price is sent as typed", async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/usm/function/permissions': { body: MATRIX },
      'GET /api/admin/usm/prices': { body: PRICES },
      'PUT /api/admin/usm/prices/functions': {
        body: { price: { function_key: 'analysis', credits: 8, update_time: 1_700_000_100 } },
      },
    });
    renderApp('/admin/usm/function/permission');
    const user = userEvent.setup();

    const section = await screen.findByTestId('price-table');
    const analysis = (await within(section).findByRole('spinbutton', {
      name: 'Credits per run of Analysis',
    })) as HTMLInputElement;
    expect(analysis.value).toBe('5');
    expect(within(section).getByText('offline')).toBeTruthy();

    await user.clear(analysis);
    await user.type(analysis, '8');
    const row = analysis.closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fetch.callsTo('PUT /api/admin/usm/prices/functions')).toHaveLength(1));
    expect(fetch.callsTo('PUT /api/admin/usm/prices/functions')[0]?.json()).toEqual({
      function_key: 'analysis',
      credits: 8,
    });
    // The table is read again after a change: what is shown is what the server keeps.
    await waitFor(() => expect(fetch.callsTo('GET /api/admin/usm/prices').length).toBeGreaterThan(1));
  });

  it("a model's price is set from the form; a refusal shows under the field it names", async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/usm/function/permissions': { body: MATRIX },
      'GET /api/admin/usm/prices': { body: PRICES },
      'PUT /api/admin/usm/prices/models': {
        status: 400,
        body: {
          error_code: 'VALIDATION_ERROR',
          msg: 'Some fields are not valid',
          req_id: 'r',
          fields: { output_per_million: 'A price is at most 1,000,000,000 credits' },
        },
      },
    });
    renderApp('/admin/usm/function/permission');
    const user = userEvent.setup();
    const section = await screen.findByTestId('price-table');
    await within(section).findByText('offline');

    await user.type(within(section).getByRole('textbox', { name: 'Model' }), 'gpt-4o-mini');
    await user.type(within(section).getByRole('spinbutton', { name: 'Input, per million tokens' }), '150');
    await user.type(within(section).getByRole('spinbutton', { name: 'Output, per million tokens' }), '600');
    await user.click(within(section).getByRole('button', { name: 'Save model price' }));

    await waitFor(() => expect(fetch.callsTo('PUT /api/admin/usm/prices/models')).toHaveLength(1));
    expect(fetch.callsTo('PUT /api/admin/usm/prices/models')[0]?.json()).toEqual({
      model: 'gpt-4o-mini',
      input_per_million: 150,
      output_per_million: 600,
    });
    expect(await within(section).findByText('A price is at most 1,000,000,000 credits')).toBeTruthy();
  });
});
