import { Badge, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { InboxTab } from './inbox-tab';
import { NoticesTab } from './notices-tab';

/** The tab lives in the URL (`?tab=notices`) so a link can open it; messages are the default. */
const TAB_PARAM = 'tab';
type MessagesTab = 'messages' | 'notices';

/** `/account/messages`: every message of the user with its read state, and the notices in force. */
export function MessagesPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: MessagesTab = searchParams.get(TAB_PARAM) === 'notices' ? 'notices' : 'messages';
  const unread = useBasicInfos().data?.msgs_unread.total ?? 0;

  // The lists keep their own parameters; switching tabs starts the other one afresh.
  const switchTab = (next: string) =>
    setSearchParams(next === 'notices' ? { [TAB_PARAM]: 'notices' } : {}, { replace: true });

  return (
    <>
      <DocumentTitle title={t('Messages')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Messages')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={switchTab}
        items={[
          {
            key: 'messages',
            label: (
              <span>
                {t('Messages')} <Badge count={unread} size="small" overflowCount={99} />
              </span>
            ),
            children: <InboxTab />,
          },
          { key: 'notices', label: t('Notices'), children: <NoticesTab /> },
        ]}
      />
    </>
  );
}
