import type { AiTable } from '@app/contract/ai-tables/tables';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { NewTableValues } from './new-table-modal';
import { TableView } from './table-view';
import { TablesHome } from './tables-home';
import './ai-tables-page.css';

/**
 * `/ai-table` (issue 25): the team's AI tables, and with `?table=<id>` one of them. A link with
 * `?result_id=<id>&name=<text>` (the analysis page sends a run's result here) opens the new-table
 * form filled with that result.
 */
export function AiTablesPage() {
  const [search, setSearch] = useSearchParams();
  const tableId = search.get('table');
  const resultId = search.get('result_id');
  const resultName = search.get('name') ?? '';
  const [creating, setCreating] = useState<NewTableValues | null>(null);

  // A link with a kept result opens the form with it, also when this page is already open.
  useEffect(() => {
    if (resultId) setCreating({ name: resultName, kind: 'result', result_id: resultId });
  }, [resultId, resultName]);

  // The link's values fill the form once; they leave the address with it.
  const closeCreate = () => {
    setCreating(null);
    if (resultId) setSearch({}, { replace: true });
  };
  const open = (table: AiTable) => {
    setCreating(null);
    setSearch({ table: table.id });
  };

  if (tableId) return <TableView key={tableId} id={tableId} onBack={() => setSearch({})} />;
  return <TablesHome creating={creating} onCreate={setCreating} onOpen={open} onCloseCreate={closeCreate} />;
}
