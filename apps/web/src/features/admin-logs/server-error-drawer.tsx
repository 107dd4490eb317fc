import type { zServerError } from '@app/contract/admin/logs/list-server-errors';
import { Descriptions, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatDate } from '../../lib/format';

export type ServerError = z.infer<typeof zServerError>;

interface ServerErrorDrawerProps {
  error: ServerError | null;
  onClose: () => void;
}

/** One server error in full, with its stack. */
export function ServerErrorDrawer({ error, onClose }: ServerErrorDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer open={error !== null} onClose={onClose} title={t('Server error')} size="min(720px, 90vw)">
      {error ? (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              {
                key: 'req',
                label: t('Request ID'),
                children: <Typography.Text copyable>{error.req_id}</Typography.Text>,
              },
              { key: 'time', label: t('Time'), children: formatDate(error.creation_time) },
              { key: 'request', label: t('Request'), children: `${error.method} ${error.url}` },
              { key: 'route', label: t('Route'), children: error.route ?? '' },
              { key: 'status', label: t('Status'), children: error.status },
              {
                key: 'user',
                label: t('User'),
                children: error.user_email ?? error.user_id ?? t('Not signed in'),
              },
              { key: 'message', label: t('Message'), children: error.message },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('Stack')}
          </Typography.Title>
          {error.stack ? (
            <pre className="admin-logs__pre">{error.stack}</pre>
          ) : (
            <Typography.Text type="secondary">{t('No stack was recorded.')}</Typography.Text>
          )}
        </>
      ) : null}
    </Drawer>
  );
}
