import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { basicInfosQueryKey } from '../session/basic-infos';
import { basicInfosFixture } from '../testing/basic-infos-fixture';
import { applyUserBasicEvent } from './user-basic-events';

vi.mock('../i18n/change-language', () => ({ changeLanguage: vi.fn(async () => undefined) }));

const { changeLanguage } = await import('../i18n/change-language');

function clientWithInfos() {
  const client = new QueryClient();
  client.setQueryData(basicInfosQueryKey, basicInfosFixture());
  return client;
}

describe('applyUserBasicEvent', () => {
  it('replaces the unread messages with the ones announced', () => {
    const client = clientWithInfos();
    const msgs = [
      {
        id: 'm1',
        level: 'important' as const,
        title: 'Hi',
        body: 'There',
        link: null,
        creation_time: 1_700_000_000,
      },
    ];
    applyUserBasicEvent(client, { msgs_unread: { total: 3, msgs } });
    expect(client.getQueryData(basicInfosQueryKey)).toMatchObject({ msgs_unread: { total: 3, msgs } });
  });

  it('applies settings changed in another tab, switching the language when it differs', () => {
    const client = clientWithInfos();
    applyUserBasicEvent(client, {
      user_global_view: {
        settings: {
          language: 'zh_CN',
          timezone: 'Asia/Shanghai',
          theme: 'dark',
          help_switch: false,
          date_format: 'yyyy-MM',
        },
      },
    });
    expect(client.getQueryData(basicInfosQueryKey)).toMatchObject({
      locale: 'zh_CN',
      preferences: { timezone: 'Asia/Shanghai', theme: 'dark', help_switch: false, date_format: 'yyyy-MM' },
    });
    expect(changeLanguage).toHaveBeenCalledWith('zh_CN');
  });

  it('ignores a malformed message', () => {
    const client = clientWithInfos();
    expect(applyUserBasicEvent(client, { msgs_unread: { total: 'many' } })).toBeNull();
    expect(client.getQueryData(basicInfosQueryKey)).toEqual(basicInfosFixture());
  });
});
