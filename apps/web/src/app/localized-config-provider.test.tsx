import type { Preferences } from '@app/contract/account/personalization/personalization';
import { act, render, screen } from '@testing-library/react';
import { Button, theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../lib/format';
import { createQueryClient } from '../lib/query-client';
import { basicInfosQueryKey } from '../lib/session/basic-infos';
import { basicInfosFixture } from '../lib/testing/basic-infos-fixture';
import { mockFetch } from '../lib/testing/mock-fetch';
import { darkTheme, lightTheme } from '../lib/theme';
import { useThemeMode } from '../lib/theme-mode';
import { AppProviders } from './providers';

// 2023-11-14 22:13:20 UTC.
const NOV_14_UTC = 1_700_000_000;

function Probe() {
  const { token } = theme.useToken();
  return (
    <dl>
      <dt>mode</dt>
      <dd data-testid="mode">{useThemeMode()}</dd>
      <dt>card</dt>
      <dd data-testid="card">{token.colorBgContainer}</dd>
      <dt>date</dt>
      <dd data-testid="date">{formatDate(NOV_14_UTC)}</dd>
      <dt>button</dt>
      <dd>
        <Button>登录</Button>
      </dd>
    </dl>
  );
}

function preferences(overrides: Partial<Preferences> = {}): Preferences {
  return {
    timezone: null,
    theme: 'light',
    help_switch: true,
    date_format: 'yyyy-MM-dd hh:mm:ss',
    ...overrides,
  };
}

/** The providers with basic infos already cached, as after the route guard fetched them. */
function renderWith(saved: Preferences | null) {
  // Nothing here may fetch: the provider only listens to basic infos.
  const { requests } = mockFetch(() => new Response('{}', { status: 500 }));
  const queryClient = createQueryClient();
  if (saved) queryClient.setQueryData(basicInfosQueryKey, basicInfosFixture({ preferences: saved }));
  render(
    <AppProviders queryClient={queryClient}>
      <Probe />
    </AppProviders>,
  );
  return { queryClient, requests };
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('the app follows the saved preferences', () => {
  it('dark: antd computes dark tokens and <html> says dark, so plain CSS and browser controls follow', () => {
    renderWith(preferences({ theme: 'dark' }));

    expect(text('mode')).toBe('dark');
    expect(text('card')).toBe(theme.getDesignToken(darkTheme).colorBgContainer);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(document.body.style.backgroundColor).not.toBe('');
  });

  it('a two-character Chinese button reads as written: no space inserted between the characters', () => {
    renderWith(preferences());
    expect(screen.getByRole('button').textContent).toBe('登录');
  });

  it('dates use the saved format and time zone everywhere formatDate is called', () => {
    renderWith(preferences({ date_format: 'yyyy-MM-dd hh', timezone: 'Asia/Shanghai' }));
    expect(text('date')).toBe('2023-11-15 06');
  });

  it('a change to basic infos (save, or another tab on focus) is followed at once', () => {
    const { queryClient } = renderWith(preferences());
    expect(document.documentElement.dataset.theme).toBe('light');

    act(() => {
      queryClient.setQueryData(
        basicInfosQueryKey,
        basicInfosFixture({
          preferences: preferences({ theme: 'dark', date_format: 'yyyy-MM', timezone: 'UTC' }),
        }),
      );
    });

    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(text('date')).toBe('2023-11');
  });

  it('signed out (no basic infos): light, the default format, and nothing is fetched', () => {
    const { queryClient, requests } = renderWith(preferences({ theme: 'dark', date_format: 'yyyy-MM' }));

    act(() => queryClient.removeQueries({ queryKey: basicInfosQueryKey }));

    expect(text('mode')).toBe('light');
    expect(text('card')).toBe(theme.getDesignToken(lightTheme).colorBgContainer);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(formatDate(NOV_14_UTC, undefined, 'UTC')).toBe('2023-11-14 22:13:20');
    expect(requests).toHaveLength(0);
  });
});
