import type { Personalization } from '@app/contract/account/personalization/personalization';
import type { BasicInfos } from '@app/contract/user/get-basic-infos';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n/change-language';
import { currentLocale } from '../../lib/i18n/locales';
import { basicInfosQueryKey } from '../../lib/session/basic-infos';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { DateFormatChoice } from './date-format-choice';
import { useSavePersonalization } from './personalization-api';
import { ThemeChoice } from './theme-choice';
import { TimeZoneSelect } from './time-zone-select';

interface PersonalizationFormProps {
  saved: Personalization;
  languages: BasicInfos['languages'];
}

/**
 * The five preferences, saved together. After saving, the UI switches language the way the top
 * bar's language drawer does, and basic infos are refetched so theme, dates and help follow.
 */
export function PersonalizationForm({ saved, languages }: PersonalizationFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Personalization>();
  const save = useSavePersonalization();
  const [applying, setApplying] = useState(false);
  const refuse = useServerErrors(form);
  const watchedZone: string | null | undefined = Form.useWatch('timezone', form);
  const timeZone = watchedZone === undefined ? saved.timezone : watchedZone;

  const offered = languages.filter((language) => language.switch);
  // The saved language stays choosable even if the server has since switched it off.
  const languageOptions = [
    ...(offered.some((language) => language.loc === saved.language)
      ? []
      : [{ value: saved.language, label: saved.language }]),
    ...offered.map((language) => ({ value: language.loc, label: language.display })),
  ];

  const submit = async (values: Personalization) => {
    let result: Personalization;
    try {
      result = await save.mutateAsync({
        language: values.language,
        timezone: values.timezone ?? null,
        theme: values.theme,
        help_switch: values.help_switch,
        date_format: values.date_format,
      });
    } catch (error) {
      refuse(error);
      return;
    }
    const { language, ...preferences } = result;
    // The app follows basic infos: written at once so the theme and dates change without waiting
    // for the refetch below.
    queryClient.setQueryData<BasicInfos>(basicInfosQueryKey, (infos) =>
      infos ? { ...infos, locale: language, preferences } : infos,
    );
    setApplying(true);
    try {
      if (language !== currentLocale()) {
        try {
          await changeLanguage(language);
        } catch {
          void message.error(t('The language could not be changed. Try again.'));
        }
      }
      // Server-made text in basic infos (message titles, language names) follows the language.
      await queryClient.invalidateQueries({ queryKey: basicInfosQueryKey });
    } finally {
      setApplying(false);
    }
    void message.success(t('Preferences saved'));
  };

  return (
    <Form<Personalization>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={saved}
      onFinish={(values) => void submit(values)}
    >
      <Flex vertical gap={16}>
        <Card title={t('Language and region')}>
          <Form.Item name="language" label={t('Language')}>
            <Select options={languageOptions} style={{ width: '100%', maxWidth: 420 }} />
          </Form.Item>
          <Form.Item
            name="timezone"
            label={t('Time zone')}
            extra={t('Dates and times across the product are shown in this zone.')}
          >
            <TimeZoneSelect />
          </Form.Item>
          <Form.Item
            name="date_format"
            label={t('Date format')}
            extra={t('Each example is the time now, in the time zone chosen above.')}
            style={{ marginBottom: 0 }}
          >
            <DateFormatChoice timeZone={timeZone} />
          </Form.Item>
        </Card>
        <Card title={t('Appearance')}>
          <Form.Item name="theme" label={t('Theme')}>
            <ThemeChoice />
          </Form.Item>
          <Form.Item
            name="help_switch"
            label={t('Help icons')}
            valuePropName="checked"
            extra={t('Show the help icons that explain fields and figures across the product.')}
            style={{ marginBottom: 0 }}
          >
            <Switch />
          </Form.Item>
        </Card>
        <div>
          <Button type="primary" htmlType="submit" loading={save.isPending || applying}>
            {t('Save')}
          </Button>
        </div>
      </Flex>
    </Form>
  );
}
