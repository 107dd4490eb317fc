import { BRAND_LIMITS, type BrandProfile, zBrandInput } from '@app/contract/account/brand/brand';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { brandQuery, saveBrand } from './brand-api';
import { type BrandFormValues, toFormValues } from './brand-form-values';
import { CompetitorsField } from './competitors-field';
import { keywordsRules } from './keywords-rules';

interface BrandProfileFormProps {
  brand: BrandProfile;
}

/** The profile's text fields; read-only (disabled, no save) for members who may not edit. */
export function BrandProfileForm({ brand }: BrandProfileFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BrandFormValues>();
  const editable = brand.can_edit;
  // The server names list entries by index: `competitors.1` is that competitor's row, while
  // `keywords.0` lands on the one tags input the keywords share.
  const showErrors = useServerErrors(form);

  const save = useMutation({
    mutationFn: saveBrand,
    onSuccess: (answer) => {
      queryClient.setQueryData(brandQuery(brand.team_id).queryKey, answer);
      // The server trims and drops repeated keywords and competitors: show what was kept.
      form.setFieldsValue(toFormValues(answer.brand));
      void message.success(t('Brand profile saved'));
    },
    onError: showErrors,
  });

  return (
    <Form<BrandFormValues>
      form={form}
      layout="vertical"
      initialValues={toFormValues(brand)}
      disabled={!editable}
      onFinish={(values) => save.mutate({ ...values, competitors: values.competitors ?? [] })}
      requiredMark={editable}
    >
      <Form.Item
        name="brand_name"
        label={t('Brand name')}
        rules={[
          { required: true, whitespace: true, message: t('Enter the brand name') },
          { max: BRAND_LIMITS.brand_name, message: t('Input exceeds maximum length') },
        ]}
      >
        <Input maxLength={BRAND_LIMITS.brand_name} autoComplete="organization" />
      </Form.Item>
      <Form.Item
        name="website"
        label={t('Website')}
        rules={[
          {
            // The contract's own rule, so the browser and the server never disagree.
            validator: async (_rule, value: string | undefined) => {
              if (!zBrandInput.shape.website.safeParse(value ?? '').success) {
                throw new Error(t('Enter a web address starting with http:// or https://'));
              }
            },
          },
        ]}
      >
        <Input
          type="url"
          inputMode="url"
          placeholder="https://example.com"
          maxLength={BRAND_LIMITS.website}
          autoComplete="url"
        />
      </Form.Item>
      <Form.Item name="description" label={t('Description')}>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={BRAND_LIMITS.description}
          showCount={editable}
          placeholder={t('What the brand offers, and to whom')}
        />
      </Form.Item>
      <Form.Item
        name="tone_of_voice"
        label={t('Tone of voice')}
        extra={editable ? t('How the brand speaks, e.g. friendly, confident, no jargon') : undefined}
      >
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={BRAND_LIMITS.tone_of_voice}
          showCount={editable}
        />
      </Form.Item>
      <Form.Item
        name="keywords"
        label={t('Keywords')}
        extra={editable ? t('Press Enter or type a comma after each keyword.') : undefined}
        rules={keywordsRules(t)}
      >
        <Select
          mode="tags"
          tokenSeparators={[',', '，']}
          open={false}
          suffixIcon={null}
          placeholder={editable ? t('e.g. running shoes') : undefined}
          aria-label={t('Keywords')}
        />
      </Form.Item>
      <CompetitorsField editable={editable} />
      {editable ? (
        <Flex gap={12} align="center" wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('Save')}
          </Button>
          {brand.updated_at ? (
            <Typography.Text type="secondary">
              {t('Last saved {{time}}', { time: formatDate(brand.updated_at) })}
            </Typography.Text>
          ) : null}
        </Flex>
      ) : null}
    </Form>
  );
}
