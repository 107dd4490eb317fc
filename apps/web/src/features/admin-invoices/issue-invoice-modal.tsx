import { App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { type AdminInvoice, useInvoiceActions } from './invoices-api';

const NOTE_MAX = 500;

/** Issuing generates the PDF from the request, numbers it and tells the requester in the inbox. */
export function IssueInvoiceModal({
  invoice,
  open,
  onClose,
}: {
  invoice: AdminInvoice;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note: string }>();
  const { issue } = useInvoiceActions(invoice.id);
  const showErrors = useServerErrors(form);
  const [saving, setSaving] = useState(false);

  const submit = async ({ note }: { note?: string }) => {
    setSaving(true);
    try {
      const { invoice: issued } = await issue.mutateAsync((note ?? '').trim());
      void message.success(t('Invoice {{number}} issued', { number: issued.invoice_number ?? '' }));
      onClose();
    } catch (error) {
      showErrors(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('Issue the invoice for order {{number}}?', { number: invoice.order_num })}
      okText={t('Issue')}
      cancelText={t('Cancel')}
      okButtonProps={{ loading: saving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t(
          'A PDF for {{amount}} made out to {{title}} is generated and kept; the requester is told in their inbox.',
          {
            amount: formatMoney(invoice.amount, invoice.currency),
            title: invoice.title,
          },
        )}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="note"
          label={t('Note (optional)')}
          rules={[{ max: NOTE_MAX, message: t('Input exceeds maximum length') }]}
        >
          <Input.TextArea rows={2} maxLength={NOTE_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
