import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { BRAND_LIMITS } from '@app/contract/account/brand/brand';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** One row per competitor (a name or a web address), added and removed in place. */
export function CompetitorsField({ editable }: { editable: boolean }) {
  const { t } = useTranslation();

  return (
    <Form.Item label={t('Competitors')} style={{ marginBottom: 0 }}>
      <Form.List name="competitors">
        {(rows, { add, remove }) => (
          <>
            {rows.length === 0 ? (
              <Typography.Paragraph type="secondary">
                {editable
                  ? t('Name the brands you compete with, so the AI can compare you with them.')
                  : t('No competitors yet.')}
              </Typography.Paragraph>
            ) : null}
            {rows.map((row, index) => (
              <Flex key={row.key} gap={8} align="flex-start">
                <Form.Item
                  name={row.name}
                  style={{ flex: 1, minWidth: 0, marginBottom: 12 }}
                  rules={[
                    { required: true, whitespace: true, message: t('Enter a competitor') },
                    { max: BRAND_LIMITS.competitor, message: t('Input exceeds maximum length') },
                  ]}
                >
                  <Input
                    aria-label={t('Competitor {{number}}', { number: index + 1 })}
                    placeholder={t('Competitor name or website')}
                    maxLength={BRAND_LIMITS.competitor}
                  />
                </Form.Item>
                {editable ? (
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined aria-hidden />}
                    aria-label={t('Remove competitor {{number}}', { number: index + 1 })}
                    onClick={() => remove(row.name)}
                  />
                ) : null}
              </Flex>
            ))}
            {editable ? (
              <Form.Item style={{ marginBottom: 24 }}>
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined aria-hidden />}
                  disabled={rows.length >= BRAND_LIMITS.competitors}
                  onClick={() => add('')}
                >
                  {rows.length >= BRAND_LIMITS.competitors
                    ? t('At most {{count}} competitors', {
                        count: BRAND_LIMITS.competitors,
                        defaultValue_one: 'At most {{count}} competitor',
                      })
                    : t('Add competitor')}
                </Button>
              </Form.Item>
            ) : null}
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
