import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { formatCount } from '../../lib/format';

interface StatTileProps {
  title: string;
  value: number | undefined;
  icon: ReactNode;
  loading: boolean;
}

/** One figure of the dashboard's top row. */
export function StatTile({ title, value, icon, loading }: StatTileProps) {
  return (
    <Card size="small" loading={loading} styles={{ body: { padding: '16px 20px' } }}>
      <Statistic title={title} value={formatCount(value ?? 0)} prefix={icon} />
    </Card>
  );
}
