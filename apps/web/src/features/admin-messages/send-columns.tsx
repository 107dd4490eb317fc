import type { zMessageSend } from '@app/contract/messages/send';
import type { ColDef } from 'ag-grid-community';
import type { z } from 'zod';
import { formatDate } from '../../lib/format';
import { MessageLevelTag } from '../../widgets/message-level-tag/message-level-tag';

type Translate = (msgid: string, options?: Record<string, unknown>) => string;
export type MessageSend = z.infer<typeof zMessageSend>;

function audienceText(t: Translate, audience: MessageSend['audience']): string {
  switch (audience.kind) {
    case 'all':
      return t('All users');
    case 'role':
      return t('Role: {{role}}', { role: audience.role });
    case 'team':
      return t('Team: {{team}}', { team: audience.team_id });
    case 'users':
      return t('{{count}} chosen users', {
        count: audience.user_ids.length,
        defaultValue_one: '{{count}} chosen user',
      });
  }
}

function channelsText(t: Translate, send: MessageSend): string {
  return [send.in_app ? t('In-app') : null, send.email ? t('E-mail') : null].filter(Boolean).join(', ');
}

/** Past sends; the server sorts by time only. */
export function sendColumns(t: Translate): ColDef<MessageSend>[] {
  return [
    {
      field: 'creation_time',
      headerName: t('Sent'),
      minWidth: 160,
      valueFormatter: ({ value }) => formatDate(value),
    },
    { field: 'title', headerName: t('Title'), sortable: false, flex: 2, minWidth: 180 },
    {
      field: 'level',
      headerName: t('Level'),
      sortable: false,
      minWidth: 100,
      maxWidth: 120,
      cellRenderer: ({ data }: { data?: MessageSend }) =>
        data ? <MessageLevelTag level={data.level} /> : null,
    },
    {
      colId: 'audience',
      headerName: t('Recipients'),
      sortable: false,
      minWidth: 150,
      valueGetter: ({ data }) => (data ? audienceText(t, data.audience) : ''),
    },
    {
      colId: 'channels',
      headerName: t('Channels'),
      sortable: false,
      minWidth: 120,
      valueGetter: ({ data }) => (data ? channelsText(t, data) : ''),
    },
    {
      field: 'recipients',
      headerName: t('Reached'),
      sortable: false,
      minWidth: 90,
      maxWidth: 120,
      type: 'numericColumn',
    },
  ];
}
