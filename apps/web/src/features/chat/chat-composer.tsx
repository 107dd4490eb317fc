import { SendOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface ChatComposerProps {
  /** Why sending is impossible; when set the composer is disabled and says so. */
  disabledReason?: string;
}

export function ChatComposer({ disabledReason }: ChatComposerProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const disabled = Boolean(disabledReason);

  return (
    <div className="chat-page__composer">
      <div className="chat-page__composer-inner">
        <Flex gap={8} align="flex-end">
          <Input.TextArea
            aria-label={t('Message')}
            aria-describedby={disabled ? reasonId : undefined}
            placeholder={t('Ask a question about your marketing data')}
            autoSize={{ minRows: 1, maxRows: 6 }}
            disabled={disabled}
          />
          <Button
            type="primary"
            icon={<SendOutlined aria-hidden />}
            disabled={disabled}
            aria-label={t('Send')}
          />
        </Flex>
        {disabledReason ? (
          <Typography.Text
            id={reasonId}
            type="secondary"
            style={{ display: 'block', marginTop: 8, fontSize: 12 }}
          >
            {disabledReason}
          </Typography.Text>
        ) : null}
      </div>
    </div>
  );
}
