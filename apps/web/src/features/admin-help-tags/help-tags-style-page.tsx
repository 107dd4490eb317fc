import {
  DEFAULT_HELP_TAG_STYLE,
  HELP_PLACEMENTS,
  HELP_TRIGGERS,
  type HelpTagStyle,
} from '@app/contract/help/help-tags';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Skeleton,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { helpPlacementLabel, helpTriggerLabel } from '../../lib/labels/help-labels';
import { DocumentTitle } from '../../widgets/brand/document-title';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { HelpTagIcon } from '../../widgets/help-tag/help-tag-icon';
import { HelpIconPicker } from './help-icon-picker';
import { helpStyleKey, helpStyleQuery, saveHelpStyle } from './help-tags-api';

function StyleForm({ style }: { style: HelpTagStyle }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<HelpTagStyle>();
  const showErrors = useServerErrors(form);
  const watched = Form.useWatch([], form) as Partial<HelpTagStyle> | undefined;
  const preview: HelpTagStyle = { ...style, ...watched };
  const colorOk = /^#[0-9a-fA-F]{6}$/.test(preview.icon_color);
  const save = useMutation({
    mutationFn: saveHelpStyle,
    onSuccess: (saved) => {
      queryClient.setQueryData(helpStyleKey, saved);
      void message.success(t('Help tag style saved'));
    },
    onError: showErrors,
  });
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={14}>
        <Card title={t('Style')}>
          <Form<HelpTagStyle>
            form={form}
            layout="vertical"
            initialValues={style}
            onFinish={(values) => save.mutate(values)}
          >
            <Form.Item name="icon_kind" label={t('Icon')}>
              <HelpIconPicker label={t('Icon')} />
            </Form.Item>
            <Form.Item
              name="icon_color"
              label={t('Icon colour')}
              rules={[{ pattern: /^#[0-9a-fA-F]{6}$/, message: t('A colour is #rrggbb') }]}
            >
              <Input type="color" style={{ width: 80 }} aria-label={t('Icon colour')} />
            </Form.Item>
            <Form.Item name="icon_size" label={t('Icon size (px)')}>
              <InputNumber min={10} max={40} aria-label={t('Icon size (px)')} />
            </Form.Item>
            <Form.Item name="popover_width" label={t('Popover width (px)')}>
              <InputNumber min={160} max={800} step={20} aria-label={t('Popover width (px)')} />
            </Form.Item>
            <Form.Item name="popover_placement" label={t('Popover placement')}>
              <Select
                aria-label={t('Popover placement')}
                options={HELP_PLACEMENTS.map((placement) => ({
                  value: placement,
                  label: helpPlacementLabel(placement, t),
                }))}
                style={{ maxWidth: 260 }}
              />
            </Form.Item>
            <Form.Item name="popover_trigger" label={t('Opens on')}>
              <Radio.Group
                optionType="button"
                options={HELP_TRIGGERS.map((trigger) => ({
                  value: trigger,
                  label: helpTriggerLabel(trigger, t),
                }))}
              />
            </Form.Item>
            <Flex gap={8}>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('Save')}
              </Button>
              <Button onClick={() => form.setFieldsValue(DEFAULT_HELP_TAG_STYLE)}>{t('Defaults')}</Button>
            </Flex>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title={t('Preview')} data-testid="help-style-preview">
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {t('A page title')}
            {colorOk ? (
              <HelpTagIcon
                style={preview}
                testId="help-style-preview-icon"
                entry={{
                  icon: preview.icon_kind,
                  html: `<p>${t('Help written for this element shows here.')}</p>`,
                }}
              />
            ) : null}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {preview.popover_trigger === 'click'
              ? t('Click the icon to open the help.')
              : t('Point at the icon to open the help.')}
          </Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
}

/** `/admin/sys-functions/help-tags-style`: how help icons and their popovers look, with a live preview. */
export function HelpTagsStylePage() {
  const { t } = useTranslation();
  const style = useQuery(helpStyleQuery());
  return (
    <>
      <DocumentTitle title={t('Help tag styles')} />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Help tag styles')}
      </Typography.Title>
      {style.data ? (
        <>
          <Typography.Paragraph type="secondary">
            {style.data.updated_at === null
              ? t('The default style applies.')
              : t('Changed by {{who}} at {{when}}', {
                  who: style.data.updated_by ?? '-',
                  when: formatDate(style.data.updated_at),
                })}
          </Typography.Paragraph>
          <StyleForm style={style.data.style} />
        </>
      ) : (
        <Skeleton active />
      )}
    </>
  );
}
