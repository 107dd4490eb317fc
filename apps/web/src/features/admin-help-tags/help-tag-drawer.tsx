import { LOCALES, type Locale } from '@app/contract/common';
import type { HelpIcon, HelpTag, HelpTagInput } from '@app/contract/help/help-tags';
import { Button, Drawer, Flex, Form, Input, Skeleton, Switch, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasicInfos } from '../../lib/session/basic-infos';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { HelpIconPicker } from './help-icon-picker';

const HelpHtmlEditor = lazy(() => import('./help-html-editor').then((m) => ({ default: m.HelpHtmlEditor })));

interface Values {
  page_path: string;
  element_id: string;
  enabled: boolean;
  texts: Record<Locale, { html: string; icon: HelpIcon | '' }>;
}

function initialValues(tag: HelpTag | null): Values {
  const texts = Object.fromEntries(
    LOCALES.map((loc) => [loc, { html: tag?.texts[loc]?.html ?? '', icon: tag?.texts[loc]?.icon ?? '' }]),
  ) as Values['texts'];
  return {
    page_path: tag?.page_path ?? '',
    element_id: tag?.element_id ?? '',
    enabled: tag?.enabled ?? true,
    texts,
  };
}

/** Only the languages written are sent. */
function toInput(values: Values): HelpTagInput {
  const texts: HelpTagInput['texts'] = {};
  for (const loc of LOCALES) {
    const text = values.texts[loc];
    if (text && text.html.replace(/<[^>]*>/g, '').trim() !== '') texts[loc] = text;
  }
  return {
    page_path: values.page_path.trim(),
    element_id: values.element_id.trim(),
    enabled: values.enabled,
    texts,
  };
}

interface HelpTagDrawerProps {
  open: boolean;
  /** The tag edited; null for a new one. */
  tag: HelpTag | null;
  onSave: (input: HelpTagInput) => Promise<unknown>;
  onClose: () => void;
}

/** A help tag's page path and element id, and per language its HTML (rich text) and icon. */
export function HelpTagDrawer({ open, tag, onSave, onClose }: HelpTagDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const showErrors = useServerErrors(form);
  const languages = useBasicInfos().data?.languages ?? [];
  const display = (loc: Locale) => languages.find((lang) => lang.loc === loc)?.display ?? loc;

  const submit = async (values: Values) => {
    try {
      await onSave(toInput(values));
      onClose();
    } catch (error) {
      showErrors(error);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={tag ? t('Edit help tag') : t('New help tag')}
      size="large"
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('Cancel')}</Button>
          <Button type="primary" onClick={() => form.submit()}>
            {t('Save')}
          </Button>
        </Flex>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialValues(tag)}
        onFinish={(values) => submit(values)}
      >
        <Form.Item
          name="page_path"
          label={t('Page path')}
          extra={t('As the address bar shows it, without the site: /chat, /account/usage')}
          rules={[{ required: true, message: t('Enter a page path') }]}
        >
          <Input placeholder="/chat" />
        </Form.Item>
        <Form.Item
          name="element_id"
          label={t('Element id')}
          extra={t('The id the page gives its help anchor, e.g. title')}
          rules={[{ required: true, message: t('Enter an element id') }]}
        >
          <Input placeholder="title" />
        </Form.Item>
        <Form.Item name="enabled" label={t('Enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Tabs
          items={LOCALES.map((loc) => ({
            key: loc,
            label: display(loc),
            forceRender: true,
            children: (
              <>
                <Form.Item name={['texts', loc, 'icon']} label={t('Icon')}>
                  <HelpIconPicker allowDefault label={t('Icon')} />
                </Form.Item>
                <Form.Item name={['texts', loc, 'html']} label={t('Help text')}>
                  <LazyEditor label={`${t('Help text')} (${display(loc)})`} />
                </Form.Item>
              </>
            ),
          }))}
        />
      </Form>
    </Drawer>
  );
}

/** Form.Item gives its direct child `value` and `onChange`: this passes them through Suspense. */
function LazyEditor(props: { value?: string; onChange?: (html: string) => void; label: string }) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <HelpHtmlEditor {...props} />
    </Suspense>
  );
}
