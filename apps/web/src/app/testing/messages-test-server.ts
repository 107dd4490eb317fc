import type { InboxMessage } from '@app/contract/messages/inbox';
import type { Notice } from '@app/contract/messages/notices';
import { basicInfosFixture } from '../../lib/testing/basic-infos-fixture';
import { signedInRoutes } from './signed-in-stubs';
import type { StubRoutes } from './stub-fetch';

export const SENT_AT = 1_717_171_717;

export function inboxMessage(id: string, overrides: Partial<InboxMessage> = {}): InboxMessage {
  return {
    id,
    level: 'other',
    title: `Title ${id}`,
    body: `Body ${id}`,
    link: null,
    read: false,
    creation_time: SENT_AT,
    email: null,
    ...overrides,
  };
}

export function notice(id: string, overrides: Partial<Notice> = {}): Notice {
  return {
    id,
    level: 'important',
    title: `Notice ${id}`,
    body: `Notice body ${id}`,
    pop_up: false,
    start_time: SENT_AT,
    end_time: null,
    ...overrides,
  };
}

interface Filter {
  field: string;
  operator: string;
  value: unknown;
}

/**
 * A small inbox server: the list honours the `read` filter and `q`, marking read changes what
 * basic infos answer afterwards (the top bar's count), as the real server does.
 */
export function inboxServer(messages: InboxMessage[], notices: Notice[] = []) {
  const store = messages.map((message) => ({ ...message }));
  const unread = () => store.filter((message) => !message.read);
  const routes: StubRoutes = {
    ...signedInRoutes(),
    'GET /api/user/basic-infos': () => ({
      body: basicInfosFixture({
        msgs_unread: {
          total: unread().length,
          msgs: unread()
            .slice(0, 5)
            .map(({ id, level, title, body, link, creation_time }) => ({
              id,
              level,
              title,
              body,
              link,
              creation_time,
            })),
        },
      }),
    }),
    'GET /api/account/messages': (request) => {
      const params = new URL(request.url, 'http://localhost').searchParams;
      const filters = JSON.parse(params.get('filters') ?? '[]') as Filter[];
      const read = filters.find((filter) => filter.field === 'read');
      const q = params.get('q') ?? '';
      const items = store.filter(
        (message) =>
          (read === undefined || message.read === read.value) &&
          (q === '' || message.title.includes(q) || message.body.includes(q)),
      );
      return {
        body: { items, total: items.length, page: 1, page_size: 10, unread_total: unread().length },
      };
    },
    'POST /api/account/messages/read': (request) => {
      const ids = (request.json() as { ids: string[] }).ids;
      const marked = store.filter((message) => ids.includes(message.id) && !message.read);
      for (const message of marked) message.read = true;
      return { body: { updated: marked.length, unread_total: unread().length } };
    },
    'POST /api/account/messages/read-all': () => {
      const marked = unread();
      for (const message of marked) message.read = true;
      return { body: { updated: marked.length, unread_total: 0 } };
    },
    'GET /api/account/notices': { body: { items: notices } },
  };
  return { routes, store };
}
