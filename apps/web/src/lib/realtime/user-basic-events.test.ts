import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { aiTableKey } from '../ai-tables/ai-table-key';
import type { AiTableAnswer } from '../ai-tables/table-cache';
import { basicInfosQueryKey } from '../session/basic-infos';
import { aiTableAnswerFixture, cellFixture, runFixture } from '../testing/ai-table-fixtures';
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

  it("writes an AI column run's counts and cells into that table's cached answer", () => {
    const client = clientWithInfos();
    client.setQueryData(aiTableKey('tbl-1'), aiTableAnswerFixture({ runs: [runFixture()] }));
    const cell = cellFixture({ status: 'failed', error: 'The model timed out' });
    applyUserBasicEvent(client, {
      ai_table_run: {
        ...runFixture({ failed: 1 }),
        table_id: 'tbl-1',
        cells: [{ row_id: 'r2', column_id: 'col-ad', cell }],
      },
    });
    const cached = client.getQueryData<AiTableAnswer>(aiTableKey('tbl-1'));
    expect(cached?.runs[0]?.failed).toBe(1);
    expect(cached?.rows[1]?.cells['col-ad']).toEqual(cell);
    // A table not opened in this tab is not cached, and a message does not create it.
    applyUserBasicEvent(client, { ai_table_run: { ...runFixture(), table_id: 'tbl-2', cells: [] } });
    expect(client.getQueryData(aiTableKey('tbl-2'))).toBeUndefined();
  });

  it('ignores a malformed message', () => {
    const client = clientWithInfos();
    expect(applyUserBasicEvent(client, { msgs_unread: { total: 'many' } })).toBeNull();
    expect(client.getQueryData(basicInfosQueryKey)).toEqual(basicInfosFixture());
  });
});
