import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/numbers';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { lazyPart, Suspense, useOpenedOnce } from './load-on-open';

// Loaded when the drawer first opens, not with the page (docs/performance.md).
const MessagesDrawer = lazyPart(() => import('./messages-drawer').then((m) => m.MessagesDrawer));

const NO_UNREAD = { total: 0, msgs: [] };

/** The bell with the unread total from basic infos; opens the unread messages. */
export function MessagesButton() {
  const { t } = useTranslation();
  const { data } = useBasicInfos();
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  const unread = data?.msgs_unread ?? NO_UNREAD;
  const label =
    unread.total > 0 ? t('Messages, {{total}} unread', { total: formatCount(unread.total) }) : t('Messages');

  return (
    <>
      <Tooltip title={t('Messages')}>
        <Badge count={unread.total} size="small" overflowCount={99} offset={[-4, 4]}>
          <Button
            type="text"
            shape="circle"
            icon={<BellOutlined aria-hidden />}
            aria-label={label}
            onClick={() => setOpen(true)}
          />
        </Badge>
      </Tooltip>
      {mounted ? (
        <Suspense fallback={null}>
          <MessagesDrawer open={open} onClose={() => setOpen(false)} unread={unread} />
        </Suspense>
      ) : null}
    </>
  );
}
