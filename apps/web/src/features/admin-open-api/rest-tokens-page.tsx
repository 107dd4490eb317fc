import { PlusOutlined } from '@ant-design/icons';
import type { RestToken } from '@app/contract/admin/open-api/rest-tokens';
import { restTokenListFields } from '@app/contract/admin/open-api/rest-tokens';
import { Button, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { filterConfigFrom } from '../../widgets/filter-drawer/filter-config-from-fields';
import { ServerListView } from '../../widgets/list-page/server-list-view';
import { useServerList } from '../../widgets/list-page/use-server-list';
import { IssueTokenModal } from './issue-token-modal';
import { fetchRestTokens, restTokensKey, revokeToken } from './open-api-api';
import { restTokenColumns } from './rest-token-columns';

/** `/admin/permission/rest-token`: the Open API's tokens; issue one for a team, revoke one. */
export function RestTokensPage() {
  const { t } = useTranslation();
  const filterConfig = useMemo(
    () =>
      filterConfigFrom(restTokenListFields, {
        created_at: { alias: t('Issued') },
        last_used_at: { alias: t('Last used') },
        revoked: { alias: t('Revoked'), on: t('Revoked'), off: t('Not revoked') },
      }),
    [t],
  );
  const list = useServerList<RestToken>({
    queryKey: [...restTokensKey, 'list'],
    fetch: fetchRestTokens,
    filterConfig,
    defaultSort: '-created_at',
  });
  const [issuing, setIssuing] = useState(false);
  const columns = useMemo(
    () =>
      restTokenColumns(t, async (token) => {
        await revokeToken(token.id);
        list.refetch();
      }),
    [t, list.refetch],
  );

  return (
    <>
      <DocumentTitle title={t('REST tokens')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('REST tokens')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('Tokens let a partner call the Open API for one team, within the scopes you give.')}
      </Typography.Paragraph>
      <ServerListView<RestToken>
        list={list}
        filterConfig={filterConfig}
        searchPlaceholder={t('Search token or team name')}
        columnDefs={columns}
        getRowId={(token) => token.id}
        actions={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setIssuing(true)}>
            {t('Issue token')}
          </Button>
        }
      />
      <IssueTokenModal open={issuing} onClose={() => setIssuing(false)} onIssued={() => list.refetch()} />
    </>
  );
}
