import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  invoiceStatusLabel,
  orderStatusLabel,
  paymentStatusLabel,
  statusColor,
  subscriptionStatusLabel,
} from './billing-labels';

export type StatusKind = 'order' | 'bill' | 'subscription' | 'invoice' | 'payment';

/** A billing status as a coloured tag, labelled and coloured the same on every page. */
export function StatusTag({ kind, status }: { kind: StatusKind; status: string }) {
  const { t } = useTranslation();
  const label =
    kind === 'subscription'
      ? subscriptionStatusLabel(status, t)
      : kind === 'invoice'
        ? invoiceStatusLabel(status, t)
        : kind === 'payment'
          ? paymentStatusLabel(status, t)
          : orderStatusLabel(status, t);
  return <Tag color={statusColor(status)}>{label}</Tag>;
}
