import type { AdminLanguage } from '@app/contract/i18n/admin-translations';
import { Button, Drawer, Flex, Form, Input, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';

interface LanguagesDrawerProps {
  open: boolean;
  languages: AdminLanguage[];
  onClose: () => void;
  onAdd: (loc: string, display: string) => Promise<unknown>;
  onSwitch: (loc: string, enabled: boolean) => Promise<unknown>;
}

/** The languages: each switched on or off for the language drawer, and a new one added. */
export function LanguagesDrawer({ open, languages, onClose, onAdd, onSwitch }: LanguagesDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ loc: string; display: string }>();
  const showErrors = useServerErrors(form);

  return (
    <Drawer open={open} onClose={onClose} title={t('Languages')} size="default">
      <Typography.Paragraph type="secondary">
        {t('Languages switched on are offered in the language drawer of every page.')}
      </Typography.Paragraph>
      <Flex vertical gap={12} style={{ marginBottom: 24 }}>
        {languages.map((language) => (
          <Flex key={language.loc} justify="space-between" align="center">
            <Flex vertical>
              <Typography.Text strong>{language.display}</Typography.Text>
              <code>{language.loc}</code>
            </Flex>
            <Switch
              checked={language.enabled}
              aria-label={t('Offer {{language}}', { language: language.display })}
              onChange={(enabled) => onSwitch(language.loc, enabled)}
            />
          </Flex>
        ))}
      </Flex>
      <Typography.Title level={5}>{t('Add a language')}</Typography.Title>
      <Form
        form={form}
        layout="vertical"
        onFinish={async (values) => {
          try {
            await onAdd(values.loc.trim(), values.display.trim());
            form.resetFields();
          } catch (error) {
            showErrors(error);
          }
        }}
      >
        <Form.Item
          name="loc"
          label={t('Language code')}
          extra={t('Written like de_DE: language, underscore, region')}
          rules={[{ required: true, message: t('Enter a language code') }]}
        >
          <Input placeholder="de_DE" />
        </Form.Item>
        <Form.Item
          name="display"
          label={t('Display name')}
          rules={[{ required: true, message: t('Enter a display name') }]}
        >
          <Input placeholder="Deutsch" />
        </Form.Item>
        <Flex justify="end">
          <Button type="primary" htmlType="submit">
            {t('Add language')}
          </Button>
        </Flex>
      </Form>
    </Drawer>
  );
}
