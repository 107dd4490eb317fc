import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../lib/format';
import { planNameLabel } from '../../lib/labels/seeded-labels';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { type InvoiceRequest, invoiceableOrdersQuery, invoicesKey, sendInvoiceRequest } from './invoices-api';

interface InvoiceRequestModalProps {
  open: boolean;
  /** An order chosen before opening (from the order's details page). */
  orderId: string | null;
  onClose: () => void;
  onRequested: (invoiceId: string) => void;
}

/** The request form: which paid order, the title and tax number to print, where to send it. */
export function InvoiceRequestModal({ open, orderId, onClose, onRequested }: InvoiceRequestModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<InvoiceRequest>();
  const showErrors = useServerErrors(form);
  const orders = useQuery({ ...invoiceableOrdersQuery, enabled: open });

  useEffect(() => {
    if (open) form.setFieldsValue({ order_id: orderId ?? undefined });
  }, [open, orderId, form]);

  const request = useMutation({
    mutationFn: sendInvoiceRequest,
    onSuccess: ({ invoice }) => {
      void message.success(t('Invoice requested for order {{order}}', { order: invoice.order_num }));
      void queryClient.invalidateQueries({ queryKey: invoicesKey });
      void queryClient.invalidateQueries({ queryKey: ['billing', 'orders'] });
      form.resetFields();
      onRequested(invoice.id);
    },
    onError: showErrors,
  });

  return (
    <Modal
      open={open}
      title={t('Request an invoice')}
      okText={t('Request the invoice')}
      onOk={() => form.submit()}
      confirmLoading={request.isPending}
      onCancel={onClose}
      // Rendered while closed, so the form instance is connected when the order is preset.
      forceRender
    >
      <Form<InvoiceRequest>
        form={form}
        layout="vertical"
        name="invoice-request"
        requiredMark={false}
        onFinish={(values) => request.mutate(values)}
      >
        <Form.Item
          name="order_id"
          label={t('Order')}
          rules={[{ required: true, message: t('Choose a paid order') }]}
        >
          <Select
            loading={orders.isLoading}
            placeholder={t('Choose a paid order')}
            notFoundContent={t('No paid order without an invoice')}
            options={(orders.data ?? []).map((order) => ({
              value: order.id,
              label: `${order.order_num} · ${planNameLabel(order.plan_name, t)} · ${formatMoney(order.pay_amount, order.currency)} · ${formatDate(order.creation_time)}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('Invoice title')}
          rules={[{ required: true, whitespace: true, message: t('Enter the invoice title') }]}
        >
          <Input maxLength={200} placeholder={t('Company or person the invoice is made out to')} />
        </Form.Item>
        <Form.Item
          name="tax_number"
          label={t('Tax number')}
          rules={[{ pattern: /^[A-Za-z0-9-]*$/, message: t('Letters, digits and - only') }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('E-mail')}
          rules={[
            { required: true, message: t('The email address must not be empty') },
            { type: 'email', message: t('Enter a valid e-mail address') },
          ]}
        >
          <Input type="email" maxLength={254} />
        </Form.Item>
        <Form.Item name="address" label={t('Address')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
