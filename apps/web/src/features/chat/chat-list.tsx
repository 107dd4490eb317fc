import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty } from 'antd';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CHAT_TITLE_MAX } from '../../lib/light-contract';
import { ConfirmAction } from '../../widgets/confirm-action/confirm-action';
import { chatsQuery, useChatMutations } from './chat-api';

// The rename form (antd's Form) loads when a chat is renamed, not with /chat.
const NameModal = lazy(() =>
  import('../../widgets/name-modal/name-modal').then((m) => ({ default: m.NameModal })),
);

interface ChatListProps {
  /** Off inside the mobile drawer, whose own title already names the list. */
  showTitle?: boolean;
  /** The chat open now. */
  activeId?: string;
  /** A chat was chosen (the mobile drawer closes). */
  onOpen?: () => void;
}

/** My chats, newest first: new, search by title, open, rename and delete. */
export function ChatList({ showTitle = true, activeId, onOpen }: ChatListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const list = useQuery(chatsQuery(q));
  const { create, rename, remove } = useChatMutations();
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);

  const startNew = async () => {
    const { chat } = await create.mutateAsync();
    onOpen?.();
    void navigate(`/chat/${chat.id}`);
  };

  return (
    <nav className="chat-list" aria-label={t('Conversations')}>
      {showTitle ? <h5 className="chat-list__title">{t('Conversations')}</h5> : null}
      <Button
        icon={<PlusOutlined aria-hidden />}
        block
        loading={create.isPending}
        onClick={() => void startNew()}
      >
        {t('New chat')}
      </Button>
      {/* Native, in antd's look: antd's Input would add to /chat's first load (docs/performance.md). */}
      <label className="chat-list__search">
        <SearchOutlined aria-hidden />
        <input
          type="search"
          placeholder={t('Search chats')}
          aria-label={t('Search chats')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      {list.isPending ? (
        <p className="chat-list__loading">{t('Loading…')}</p>
      ) : list.data?.items.length ? (
        <ul className="chat-list__items">
          {list.data.items.map((chat) => (
            <li
              key={chat.id}
              className={chat.id === activeId ? 'chat-list__item chat-list__item--active' : 'chat-list__item'}
            >
              <Link
                to={`/chat/${chat.id}`}
                className="chat-list__link"
                aria-current={chat.id === activeId ? 'page' : undefined}
                onClick={onOpen}
              >
                {chat.title}
              </Link>
              <span className="chat-list__item-actions">
                <Button
                  size="small"
                  type="text"
                  icon={<EditOutlined aria-hidden />}
                  aria-label={t('Rename {{title}}', { title: chat.title })}
                  onClick={() => setRenaming({ id: chat.id, title: chat.title })}
                />
                <ConfirmAction
                  size="small"
                  type="text"
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('Delete {{title}}', { title: chat.title })}
                  title={t('Delete the chat {{title}}?', { title: chat.title })}
                  description={t('Its messages are deleted too.')}
                  okText={t('Delete')}
                  destructive
                  onConfirm={async () => {
                    await remove.mutateAsync(chat.id);
                    if (chat.id === activeId) void navigate('/chat');
                  }}
                >
                  {''}
                </ConfirmAction>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <div className="chat-list__empty">
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={q ? t('No chat matches the search') : t('No conversations yet')}
          />
        </div>
      )}
      {renaming ? (
        <Suspense fallback={null}>
          <NameModal
            open
            title={t('Rename the chat')}
            okText={t('Save')}
            label={t('Title')}
            requiredMessage={t('Enter a title')}
            maxLength={CHAT_TITLE_MAX}
            initialValues={{ name: renaming.title }}
            fieldMap={{ title: 'name' }}
            onSave={({ name }) => rename.mutateAsync({ id: renaming.id, title: name })}
            onClose={() => setRenaming(null)}
          />
        </Suspense>
      ) : null}
    </nav>
  );
}
