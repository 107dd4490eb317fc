import type { EmailLevels } from '@app/contract/account/sys-settings/notifications';
import { Switch, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { messageLevelLabel } from '../../lib/labels/message-labels';
import { MessageLevelTag } from '../../widgets/message-level-tag/message-level-tag';

type Level = keyof EmailLevels;

/** The spec's order of importance (section 3). */
const LEVELS: Level[] = ['important', 'warning', 'special', 'other'];

interface EmailLevelsTableProps {
  email: EmailLevels;
  /** The level being saved, whose switch shows progress. */
  saving: Level | null;
  onChange: (level: Level, enabled: boolean) => void;
}

/** One row per message level: the inbox always receives it, e-mail when switched on. */
export function EmailLevelsTable({ email, saving, onChange }: EmailLevelsTableProps) {
  const { t } = useTranslation();
  const descriptions: Record<Level, string> = {
    important: t('Account and security notices, and anything that needs you to act'),
    warning: t('Limits almost reached, failed payments and other problems'),
    special: t('Offers, new features and product news'),
    other: t('Everything else'),
  };

  const columns: TableColumnsType<Level> = [
    {
      key: 'level',
      title: t('Message kind'),
      render: (_, level) => (
        <>
          <MessageLevelTag level={level} />
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {descriptions[level]}
          </Typography.Paragraph>
        </>
      ),
    },
    {
      key: 'inbox',
      title: t('In-app'),
      align: 'center',
      width: 72,
      // Every message always reaches the inbox; the switch says so rather than offering a choice.
      render: (_, level) => (
        <Switch
          checked
          disabled
          aria-label={t('{{kind}} messages in the inbox', { kind: messageLevelLabel(level, t) })}
        />
      ),
    },
    {
      key: 'email',
      title: t('E-mail'),
      align: 'center',
      width: 72,
      render: (_, level) => (
        <Switch
          checked={email[level]}
          loading={saving === level}
          disabled={saving !== null && saving !== level}
          aria-label={t('{{kind}} messages by e-mail', { kind: messageLevelLabel(level, t) })}
          onChange={(enabled) => onChange(level, enabled)}
        />
      ),
    },
  ];

  return <Table<Level> rowKey={(level) => level} columns={columns} dataSource={LEVELS} pagination={false} />;
}
