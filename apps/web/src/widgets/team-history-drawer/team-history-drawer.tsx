import { Drawer, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';

/** Rows a page in every team history drawer; the page's query asks the server for this many. */
export const HISTORY_PAGE_SIZE = 10;

/** The page a team's history shows, back to 1 whenever the drawer opens on another team. */
export function useTeamHistoryPage(teamId: string): [number, (page: number) => void] {
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (teamId) setPage(1);
  }, [teamId]);
  return [page, setPage];
}

export interface TeamHistoryDrawerProps<Row> {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** One page of the team's history, newest first, as the server answered it. */
  data: { items: Row[]; total: number } | undefined;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
  columns: TableColumnsType<Row>;
}

/**
 * A team's history in a drawer (its credit ledger, its subscription events): a table paged by
 * the server, one page of `HISTORY_PAGE_SIZE` rows at a time.
 */
export function TeamHistoryDrawer<Row extends { id: string }>({
  open,
  title,
  onClose,
  data,
  loading,
  page,
  onPage,
  columns,
}: TeamHistoryDrawerProps<Row>) {
  return (
    <Drawer open={open} onClose={onClose} title={title} size="min(880px, 95vw)">
      <Table<Row>
        size="small"
        rowKey="id"
        loading={loading}
        dataSource={data?.items ?? []}
        pagination={{
          current: page,
          pageSize: HISTORY_PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: onPage,
        }}
        columns={columns}
      />
    </Drawer>
  );
}
