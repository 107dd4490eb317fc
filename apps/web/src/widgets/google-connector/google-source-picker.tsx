import type { ConnectorService } from '@app/contract/connectors/connectors';
import type { GoogleService } from '@app/contract/connectors/google-services';
import type { SelectedBody } from '@app/contract/connectors/metadata';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Cascader, Flex, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { listErrorText } from './connector-errors';
import {
  type ConnectorScope,
  googleConnectorKey,
  metadataQuery,
  saveSelection,
  scopeParams,
} from './google-connector-api';
import { gaBody, gadsBody, gadsOptions, gaOptions, gaPath, gscOptions } from './source-options';

interface GoogleSourcePickerProps {
  service: GoogleService;
  scope?: ConnectorScope;
  admin?: boolean;
  /** The service's status after a choice (its backfill queued). */
  onSaved?: (status: ConnectorService) => void;
}

/**
 * What a bound service syncs: a GA4 property (account, then property), a Search Console site, or an
 * Ads customer (manager, then customer). Google's lists come from the metadata call (spec section
 * 3); a choice is saved at once. For the data owner only (the server refuses anyone else).
 */
export function GoogleSourcePicker({ service, scope, admin = false, onSaved }: GoogleSourcePickerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const metadata = useQuery(metadataQuery(scope, service));
  const save = useMutation({
    mutationFn: (body: SelectedBody) => saveSelection(body),
    onSuccess: (status) => {
      void queryClient.invalidateQueries({ queryKey: googleConnectorKey });
      onSaved?.(status);
    },
  });
  const choose = (body: SelectedBody | null) => {
    if (body) save.mutate({ ...body, ...scopeParams(scope) });
  };

  if (metadata.isLoading) return <Skeleton.Input active size="small" style={{ width: 280 }} />;
  const data = metadata.data;
  const error = data?.[service]?.error ?? null;
  const errorAlert = error ? (
    <Alert type="warning" showIcon message={listErrorText(error, admin, t)} data-testid="source-list-error" />
  ) : null;
  // Wide enough for an account and a property name side by side.
  const common = {
    style: { width: 420, maxWidth: '100%' },
    disabled: save.isPending,
    loading: save.isPending,
  };

  let control = null;
  if (service === 'ga' && data?.ga) {
    const ga = data.ga;
    control = (
      <Cascader
        {...common}
        aria-label={t('Google Analytics property')}
        placeholder={t('Choose a property')}
        options={gaOptions(ga)}
        value={gaPath(ga)}
        showSearch
        allowClear={false}
        onChange={(path) => choose(gaBody(ga, path.map(String)))}
        notFoundContent={t('This Google account has no GA4 property')}
      />
    );
  } else if (service === 'gsc' && data?.gsc) {
    control = (
      <Select
        {...common}
        aria-label={t('Search Console site')}
        placeholder={t('Choose a site')}
        options={gscOptions(data.gsc)}
        value={data.gsc.selected?.siteUrl}
        showSearch
        onChange={(siteUrl: string) => choose({ platform: 'gsc', selected: { siteUrl } })}
        notFoundContent={t('This Google account has no Search Console site')}
      />
    );
  } else if (service === 'gads' && data?.gads) {
    control = (
      <Cascader
        {...common}
        aria-label={t('Google Ads customer')}
        placeholder={t('Choose a customer')}
        options={gadsOptions(data.gads)}
        value={data.gads.selected?.customer_hierarchy}
        showSearch
        allowClear={false}
        onChange={(path) => choose(gadsBody(path.map(String)))}
        notFoundContent={t('This Google account reaches no Ads customer')}
      />
    );
  }

  return (
    <Flex vertical gap={8}>
      {control}
      {errorAlert}
    </Flex>
  );
}
