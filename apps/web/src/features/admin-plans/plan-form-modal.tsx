import { VALIDITY_UNITS } from '@app/contract/billing/money';
import { useQuery } from '@tanstack/react-query';
import { App, Checkbox, Col, Form, Input, InputNumber, Modal, Row, Select, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { validityUnitLabel } from '../../widgets/billing-labels/billing-labels';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import {
  NEW_PLAN_VALUES,
  PLAN_CURRENCIES,
  PLAN_FIELD_MAP,
  type PlanFormValues,
  STORAGE_UNITS,
  toPlanBody,
  toPlanValues,
} from './plan-form-values';
import { type AdminPlan, functionMatrixQuery, usePlanMutations } from './plans-api';

interface PlanFormModalProps {
  /** `null`: closed; `'new'`: create; a plan: edit it. */
  editing: AdminPlan | 'new' | null;
  onClose: () => void;
}

/**
 * Create or edit a plan. The price is typed in currency units and sent in cents; an existing
 * plan's key is fixed (basic infos and orders name it). Orders already made keep their price
 * snapshot, which the form says, so nobody expects an edit to reprice them.
 */
export function PlanFormModal({ editing, onClose }: PlanFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PlanFormValues>();
  const kind = Form.useWatch('kind', form);
  const { create, update } = usePlanMutations();
  const fail = useServerErrors(form, { fieldMap: PLAN_FIELD_MAP });
  const isNew = editing === 'new';
  const matrix = useQuery({ ...functionMatrixQuery, enabled: isNew });

  // The form mounts with the dialog (and is dropped when it closes), so each opening starts from
  // the plan it edits.
  const initialValues = useMemo(
    () => (editing === null || editing === 'new' ? NEW_PLAN_VALUES : toPlanValues(editing)),
    [editing],
  );

  const save = async (values: PlanFormValues) => {
    try {
      if (editing === 'new') {
        await create.mutateAsync(toPlanBody(values, true));
        void message.success(t('Plan created'));
      } else if (editing) {
        await update.mutateAsync({ id: editing.id, body: toPlanBody(values, false) });
        void message.success(t('Plan saved'));
      }
      onClose();
    } catch (error) {
      fail(error);
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={isNew ? t('New plan') : t('Edit plan')}
      okText={t('Save')}
      cancelText={t('Cancel')}
      okButtonProps={{ loading: create.isPending || update.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={save} initialValues={initialValues}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('Name')}
              rules={[
                { required: true, whitespace: true, message: t('Enter a name') },
                { max: 80, message: t('Input exceeds maximum length') },
              ]}
            >
              <Input maxLength={80} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="key"
              label={t('Key')}
              extra={isNew ? t('Lower-case letters, digits and _; cannot be changed later.') : undefined}
              rules={[
                {
                  required: true,
                  pattern: /^[a-z][a-z0-9_]{1,39}$/,
                  message: t('Lower-case letters, digits and _, 2 to 40 long'),
                },
              ]}
            >
              <Input disabled={!isNew} maxLength={40} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label={t('Description')}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="kind" label={t('Kind')}>
              <Select
                disabled={!isNew}
                options={[
                  { value: 'subscription', label: t('Subscription') },
                  { value: 'credit_pack', label: t('Credit pack') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              label={t('Price')}
              extra={isNew ? undefined : t('Orders already made keep the price they were made with.')}
              required
            >
              <Space.Compact block>
                <Form.Item name="currency" noStyle>
                  <Select
                    aria-label={t('Currency')}
                    style={{ width: 110 }}
                    options={PLAN_CURRENCIES.map((code) => ({ value: code, label: code }))}
                  />
                </Form.Item>
                <Form.Item
                  name="price"
                  noStyle
                  rules={[
                    { required: true, type: 'number', min: 0, max: 1_000_000, message: t('Enter a price') },
                  ]}
                >
                  <InputNumber
                    aria-label={t('Price')}
                    min={0}
                    max={1_000_000}
                    precision={2}
                    step={1}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              label={t('Validity')}
              required
              // Purchased credits never expire (planTerm): a pack's validity is kept, never applied.
              extra={
                kind === 'credit_pack'
                  ? t('Credits never expire: a credit pack’s validity is not used.')
                  : undefined
              }
            >
              <Space.Compact block>
                <Form.Item
                  name="validity"
                  noStyle
                  rules={[{ required: true, type: 'number', min: 1, max: 120, message: t('From 1 to 120') }]}
                >
                  <InputNumber
                    aria-label={t('Validity')}
                    min={1}
                    max={120}
                    precision={0}
                    style={{ width: '50%' }}
                  />
                </Form.Item>
                <Form.Item name="validity_unit" noStyle>
                  <Select
                    aria-label={t('Unit')}
                    style={{ width: '50%' }}
                    options={VALIDITY_UNITS.map((unit) => ({
                      value: unit,
                      label: validityUnitLabel(unit, t),
                    }))}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="credits"
              label={t('Credits per period')}
              rules={[{ required: true, type: 'number', min: 0, message: t('Enter a number of credits') }]}
            >
              <InputNumber min={0} max={1_000_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="seats"
              label={t('Seats')}
              rules={[{ required: true, type: 'number', min: 1, max: 10_000, message: t('From 1 to 10000') }]}
            >
              <InputNumber min={1} max={10_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('Storage quota')} required>
              <Space.Compact block>
                <Form.Item
                  name="storage_quota"
                  noStyle
                  rules={[{ required: true, type: 'number', min: 0, message: t('Enter a storage quota') }]}
                >
                  <InputNumber
                    aria-label={t('Storage quota')}
                    min={0}
                    precision={2}
                    style={{ width: '70%' }}
                  />
                </Form.Item>
                <Form.Item name="storage_unit" noStyle>
                  <Select
                    aria-label={t('Storage unit')}
                    style={{ width: '30%' }}
                    options={Object.keys(STORAGE_UNITS).map((unit) => ({ value: unit, label: unit }))}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="sort_order" label={t('Order on the pricing page')}>
              <InputNumber min={0} max={10_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="highlighted" label={t('Recommended')} valuePropName="checked">
              <Checkbox>{t('Highlight')}</Checkbox>
            </Form.Item>
          </Col>
        </Row>
        {isNew ? (
          <Form.Item
            name="functions"
            label={t('AI functions allowed')}
            extra={t('Change them later on the function permissions page.')}
          >
            <Checkbox.Group
              options={(matrix.data?.functions ?? []).map((fn) => ({ value: fn.key, label: fn.name }))}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
