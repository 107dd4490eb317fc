import type { EndpointResponse } from '@app/contract/define-endpoint';
import type { previewSend } from '@app/contract/messages/send';
import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import './admin-messages.css';
import { formatCount } from '../../lib/format';

export type SendPreviewResult = EndpointResponse<typeof previewSend>;

/** What a send would do: how many it reaches, a few of them, and the e-mail as it will read. */
export function SendPreview({ preview }: { preview: SendPreviewResult }) {
  const { t } = useTranslation();
  const more = preview.recipients - preview.sample.length;
  return (
    <Card size="small" title={t('Preview')} className="admin-messages__preview">
      <Typography.Paragraph strong>
        {preview.recipients === 0
          ? t('Nobody matches this audience.')
          : t('This message will reach {{count}} users.', {
              count: preview.recipients,
              defaultValue_one: 'This message will reach {{count}} user.',
            })}
      </Typography.Paragraph>
      {preview.sample.length > 0 ? (
        <ul className="admin-messages__sample">
          {preview.sample.map((person) => (
            <li key={person.id}>
              {person.username} <Typography.Text type="secondary">({person.email})</Typography.Text>
            </li>
          ))}
          {more > 0 ? (
            <li>
              <Typography.Text type="secondary">
                {t('and {{total}} more', { total: formatCount(more) })}
              </Typography.Text>
            </li>
          ) : null}
        </ul>
      ) : null}
      {preview.email ? (
        <>
          <Typography.Title level={5}>{t('The e-mail')}</Typography.Title>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[{ key: 'subject', label: t('Subject'), children: preview.email.subject }]}
          />
          <pre className="admin-messages__text">{preview.email.text}</pre>
        </>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t(
            'No e-mail to everyone: only recipients whose notification settings ask for this level by e-mail get one.',
          )}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
