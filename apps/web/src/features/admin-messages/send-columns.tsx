import type { zMessageSend } from '@app/contract/messages/send';
import { zMessageLevel } from '@app/contract/user/get-basic-infos';
import type { z } from 'zod';
import { formatDate } from '../../lib/format';
import { messageLevelLabel } from '../../lib/labels/message-labels';
import type { GridColDef } from '../../widgets/data-grid/column-widths';
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
export function sendColumns(t: Translate): GridColDef<MessageSend>[] {
  return [
    {
      field: 'creation_time',
      headerName: t('Sent'),
      kind: 'dateTime',
      valueFormatter: ({ value }) => formatDate(value),
    },
    { field: 'title', headerName: t('Title'), sortable: false, kind: 'longText' },
    {
      field: 'level',
      headerName: t('Level'),
      sortable: false,
      kind: 'status',
      samples: zMessageLevel.options.map((level) => messageLevelLabel(level, t)),
      cellRenderer: ({ data }: { data?: MessageSend }) =>
        data ? <MessageLevelTag level={data.level} /> : null,
    },
    {
      colId: 'audience',
      headerName: t('Recipients'),
      sortable: false,
      valueGetter: ({ data }) => (data ? audienceText(t, data.audience) : ''),
    },
    {
      colId: 'channels',
      headerName: t('Channels'),
      sortable: false,
      samples: [`${t('In-app')}, ${t('E-mail')}`],
      valueGetter: ({ data }) => (data ? channelsText(t, data) : ''),
    },
    {
      field: 'recipients',
      headerName: t('Reached'),
      sortable: false,
      kind: 'number',
      type: 'numericColumn',
    },
  ];
}
