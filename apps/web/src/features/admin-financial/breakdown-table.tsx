import { Table } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { sumBreakdown } from './financial-checks';

export interface BreakdownLine {
  key: string;
  name: ReactNode;
  revenue: number;
  refunds: number;
  orders: number;
}

/**
 * One breakdown of the report as a table, every amount cents shown as money, with a Total row
 * under it: the parts visibly add up to the totals above.
 */
export function BreakdownTable({
  lines,
  currency,
  nameTitle,
  label,
  pageSize,
}: {
  lines: BreakdownLine[];
  currency: string;
  nameTitle: string;
  label: string;
  pageSize?: number;
}) {
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, currency);
  const sums = sumBreakdown(lines);
  return (
    <Table<BreakdownLine>
      aria-label={label}
      size="small"
      rowKey="key"
      dataSource={lines}
      pagination={pageSize && lines.length > pageSize ? { pageSize, showSizeChanger: false } : false}
      columns={[
        { key: 'name', title: nameTitle, render: (_, line) => line.name },
        { key: 'revenue', title: t('Revenue'), align: 'right', render: (_, line) => money(line.revenue) },
        { key: 'refunds', title: t('Refunds'), align: 'right', render: (_, line) => money(line.refunds) },
        {
          key: 'net',
          title: t('Net'),
          align: 'right',
          render: (_, line) => money(line.revenue - line.refunds),
        },
        { key: 'orders', title: t('Paid orders'), align: 'right', dataIndex: 'orders' },
      ]}
      summary={() =>
        lines.length > 0 ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <strong>{t('Total')}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <strong>{money(sums.revenue)}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <strong>{money(sums.refunds)}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              <strong>{money(sums.revenue - sums.refunds)}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              <strong>{sums.orders}</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}
