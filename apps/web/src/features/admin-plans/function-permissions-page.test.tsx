import { notifyManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
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
  plans: [
    {
      id: 'plan-free',
      key: 'free',
      name: 'Free',
      kind: 'subscription',
      status: 'active',
      functions: ['chat'],
    },
    { id: 'plan-pro', key: 'pro', name: 'Pro', kind: 'subscription', status: 'active', functions: ['chat'] },
  ],
};

describe('/admin/usm/function/permission', () => {
  it('shows which functions each plan may use, and a tick allows one on one plan at once', async () => {
    signIn();
    const fetch = stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/usm/function/permissions': { body: MATRIX },
      'PUT /api/admin/usm/function/permissions': {
        body: { plan_id: 'plan-pro', functions: ['chat', 'analysis'] },
      },
      'GET /api/admin/usm/plans': { body: { items: [] } },
      'GET /api/admin/usm/prices': { body: { models: [], functions: [] } },
    });
    renderApp('/admin/usm/function/permission');
    const user = userEvent.setup();

    const freeChat = await screen.findByRole('checkbox', { name: 'Free may use Chat' });
    expect((freeChat as HTMLInputElement).checked).toBe(true);
    const proAnalysis = screen.getByRole('checkbox', { name: 'Pro may use Analysis' });
    expect((proAnalysis as HTMLInputElement).checked).toBe(false);

    await user.click(proAnalysis);

    await waitFor(() => expect(fetch.callsTo('PUT /api/admin/usm/function/permissions')).toHaveLength(1));
    expect(fetch.callsTo('PUT /api/admin/usm/function/permissions')[0]?.json()).toEqual({
      plan_id: 'plan-pro',
      function_key: 'analysis',
      allowed: true,
    });
    await waitFor(() =>
      expect(
        (screen.getByRole('checkbox', { name: 'Pro may use Analysis' }) as HTMLInputElement).checked,
      ).toBe(true),
    );
    // Only the plan the server answered for changed.
    expect(
      (screen.getByRole('checkbox', { name: 'Free may use Analysis' }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('a tick reads as ticked in the click itself, before the query cache tells anyone', async () => {
    signIn();
    stubFetch({
      ...signedInRoutes(),
      'GET /api/admin/usm/function/permissions': { body: MATRIX },
      'PUT /api/admin/usm/function/permissions': {
        body: { plan_id: 'plan-pro', functions: ['chat', 'analysis'] },
      },
      'GET /api/admin/usm/plans': { body: { items: [] } },
      'GET /api/admin/usm/prices': { body: { models: [], functions: [] } },
    });
    renderApp('/admin/usm/function/permission');
    const box = (await screen.findByRole('checkbox', { name: 'Pro may use Analysis' })) as HTMLInputElement;
    // TanStack Query tells its observers a task later; on a busy machine that task can wait.
    const held: (() => void)[] = [];
    notifyManager.setScheduler((callback) => held.push(callback));
    try {
      act(() => {
        fireEvent.click(box);
      });
      expect(box.checked).toBe(true);
    } finally {
      notifyManager.setScheduler((callback) => setTimeout(callback, 0));
      act(() => {
        for (const callback of held) callback();
      });
    }
    await waitFor(() =>
      expect(
        (screen.getByRole('checkbox', { name: 'Pro may use Analysis' }) as HTMLInputElement).checked,
      ).toBe(true),
    );
  });
});
