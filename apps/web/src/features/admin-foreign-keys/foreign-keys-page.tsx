import type { ForeignKeyKindName, ForeignKeyView } from '@app/contract/admin/foreign-keys/foreign-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { certificateStatusLabel } from '../../lib/labels/certificate-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { ForeignKeyFormModal } from './foreign-key-form-modal';
import { clearKey, foreignKeysKey, foreignKeysQuery, saveKey, testKey } from './foreign-keys-api';

type Translate = (msgid: string, options?: Record<string, unknown>) => string;

interface TestOutcome {
  ok: boolean;
  message: string;
  tested_at: number;
}

type Certificate = ForeignKeyView['certificates'][number];

function CertificateTag({ certificate, t }: { certificate: Certificate; t: Translate }) {
  if (certificate.status === 'valid') return null;
  return (
    <Tag color={certificate.status === 'expired' ? 'red' : 'orange'}>
      {certificateStatusLabel(certificate.status, t)}
    </Tag>
  );
}

/**
 * The certificates the kind holds or fetched (Alipay's in certificate mode, WeChat Pay's platform
 * certificates): each one's expiry, flagged 30 days ahead; an alert above them when one is due.
 */
function Certificates({ certificates, t }: { certificates: Certificate[]; t: Translate }) {
  if (certificates.length === 0) return null;
  const expired = certificates.some((certificate) => certificate.status === 'expired');
  const expiring = certificates.some((certificate) => certificate.status === 'expiring');
  return (
    <Flex vertical gap={8} style={{ marginTop: 12 }} data-testid="foreign-key-certificates">
      {expired || expiring ? (
        <Alert
          type={expired ? 'error' : 'warning'}
          showIcon
          message={
            expired
              ? t('A certificate has expired: what relies on it fails until it is replaced.')
              : t('A certificate expires within 30 days: replace it before it does.')
          }
        />
      ) : null}
      <Descriptions
        title={t('Certificates')}
        column={1}
        size="small"
        items={certificates.map((certificate) => ({
          key: `${certificate.field ?? 'fetched'}-${certificate.serial}`,
          label: t(certificate.label),
          children: (
            <Flex gap={8} wrap align="center">
              <span>{t('Expires {{date}}', { date: formatDate(certificate.expires_at) })}</span>
              <CertificateTag certificate={certificate} t={t} />
              <Typography.Text type="secondary">
                {t('Serial {{serial}}', { serial: certificate.serial })}
              </Typography.Text>
            </Flex>
          ),
        }))}
      />
    </Flex>
  );
}

function SourceTag({ source, t }: { source: ForeignKeyView['source']; t: Translate }) {
  if (source === 'saved') return <Tag color="green">{t('Saved')}</Tag>;
  if (source === 'env') return <Tag color="blue">{t('From the environment')}</Tag>;
  return <Tag>{t('Not configured')}</Tag>;
}

/**
 * The outcome to show: the test just run on this page (kept even when nothing is saved, where the
 * server has no row to remember it in), else the last one the server recorded.
 */
function latestTest(view: ForeignKeyView, local: TestOutcome | undefined): TestOutcome | null {
  const saved = view.last_test;
  if (local && (!saved || local.tested_at >= saved.tested_at)) return local;
  return saved;
}

interface KeyCardProps {
  view: ForeignKeyView;
  localTest: TestOutcome | undefined;
  testing: boolean;
  onEdit: () => void;
  onTest: () => void;
  onClear: () => void;
}

function KeyCard({ view, localTest, testing, onEdit, onTest, onClear }: KeyCardProps) {
  const { t } = useTranslation();
  const test = latestTest(view, localTest);
  return (
    <Card
      data-testid={`foreign-key-${view.kind}`}
      title={
        <Flex gap={8} align="center">
          <span>{t(view.label)}</span>
          <SourceTag source={view.source} t={t} />
        </Flex>
      }
      extra={
        <Flex gap={8} wrap>
          <Button onClick={onEdit}>{t('Edit')}</Button>
          <Button onClick={onTest} loading={testing} disabled={view.source === 'none'}>
            {t('Test connection')}
          </Button>
          <Button danger onClick={onClear} disabled={view.source !== 'saved'}>
            {t('Clear')}
          </Button>
        </Flex>
      }
    >
      <Descriptions
        column={1}
        size="small"
        items={view.fields.map((field) => ({
          key: field.key,
          label: (
            <span>
              {t(field.label)}
              {field.required ? null : (
                <Typography.Text type="secondary">{` (${t('optional')})`}</Typography.Text>
              )}
            </span>
          ),
          children:
            field.shown === null ? (
              <Typography.Text type="secondary">{t('Not set')}</Typography.Text>
            ) : (
              <Typography.Text code={field.secret} ellipsis={field.multiline ? { tooltip: false } : false}>
                {field.shown}
              </Typography.Text>
            ),
        }))}
      />
      <Certificates certificates={view.certificates} t={t} />
      <Flex vertical gap={8} style={{ marginTop: 12 }}>
        {view.updated_at !== null ? (
          <Typography.Text type="secondary">
            {t('Saved {{time}} by {{who}}', {
              time: formatDate(view.updated_at),
              who: view.updated_by ?? t('someone no longer registered'),
            })}
          </Typography.Text>
        ) : view.source === 'env' ? (
          <Typography.Text type="secondary">
            {t('Read from the server’s environment; saving here takes precedence.')}
          </Typography.Text>
        ) : null}
        {test ? (
          <Alert
            data-testid="foreign-key-test"
            type={test.ok ? 'success' : 'error'}
            showIcon
            message={test.ok ? t('Connection works') : t('Connection failed')}
            description={`${test.message} · ${formatDate(test.tested_at)}`}
          />
        ) : null}
      </Flex>
    </Card>
  );
}

/**
 * `/admin/sys-settings/foreign-keys`: the vault of third-party credentials (ARCHITECTURE section 6,
 * Secrets). Secrets arrive masked and are never sent back; editing leaves a secret empty to keep it.
 */
export function ForeignKeysPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const keys = useQuery(foreignKeysQuery());
  const [editing, setEditing] = useState<ForeignKeyView | null>(null);
  const [tests, setTests] = useState<Partial<Record<ForeignKeyKindName, TestOutcome>>>({});

  const replace = (view: ForeignKeyView) =>
    queryClient.setQueryData(foreignKeysKey, (old: { items: ForeignKeyView[] } | undefined) =>
      old ? { items: old.items.map((item) => (item.kind === view.kind ? view : item)) } : old,
    );

  const save = useMutation({
    mutationFn: ({ kind, values }: { kind: ForeignKeyKindName; values: Record<string, string> }) =>
      saveKey(kind, values),
    onSuccess: (view) => {
      replace(view);
      void message.success(t('Saved'));
    },
  });
  const test = useMutation({
    mutationFn: testKey,
    onSuccess: (outcome, kind) => {
      replace(outcome.key);
      setTests((old) => ({
        ...old,
        [kind]: { ok: outcome.ok, message: outcome.message, tested_at: Math.floor(Date.now() / 1000) },
      }));
      if (outcome.ok) void message.success(outcome.message);
      else void message.error(outcome.message);
    },
  });
  const clear = useMutation({
    mutationFn: clearKey,
    onSuccess: (view) => {
      replace(view);
      setTests((old) => ({ ...old, [view.kind]: undefined }));
    },
  });

  const confirmClear = (view: ForeignKeyView) =>
    modal.confirm({
      title: t('Clear the saved {{name}}?', { name: t(view.label) }),
      content: t('Features using these credentials stop working unless the environment provides them.'),
      okText: t('Clear'),
      okButtonProps: { danger: true },
      cancelText: t('Cancel'),
      onOk: () => clear.mutateAsync(view.kind),
    });

  return (
    <>
      <DocumentTitle title={t('Foreign keys')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Foreign keys')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t(
          'Credentials of third-party services, encrypted at rest. Secrets are shown masked and never leave the server.',
        )}
      </Typography.Paragraph>
      {keys.isLoading ? (
        <Skeleton active />
      ) : keys.data?.items.length ? (
        <Flex vertical gap={16}>
          {keys.data.items.map((view) => (
            <KeyCard
              key={view.kind}
              view={view}
              localTest={tests[view.kind]}
              testing={test.isPending && test.variables === view.kind}
              onEdit={() => setEditing(view)}
              onTest={() => test.mutate(view.kind)}
              onClear={() => confirmClear(view)}
            />
          ))}
        </Flex>
      ) : (
        <Empty />
      )}
      <ForeignKeyFormModal
        keyView={editing}
        onSave={(values) => (editing ? save.mutateAsync({ kind: editing.kind, values }) : Promise.resolve())}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
