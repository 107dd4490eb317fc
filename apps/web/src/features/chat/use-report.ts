import { useCallback, useMemo, useState } from 'react';

/** A reply's markdown on its way into the report: `replace` starts the report over with it. */
export interface ReportInsert {
  id: number;
  markdown: string;
  replace: boolean;
}

interface ReportState {
  open: boolean;
  /**
   * What was put into the report, in order, from its last start over. The editor applies the
   * ones it has not seen yet, so what is added while its code is still loading is not lost.
   */
  inserts: ReportInsert[];
  /** The exports' file name: the question of the reply the report started from. */
  filename: string;
  nextId: number;
}

export interface Report extends Omit<ReportState, 'nextId'> {
  /** "Edit as report": the report becomes this reply (undo in the editor brings the old text back). */
  edit: (markdown: string, filename: string) => void;
  /** "Add to report": this reply goes after what the report holds. */
  add: (markdown: string, filename: string) => void;
  close: () => void;
}

/** The report a chat's replies are edited into (report-drawer.tsx), kept while the chat is open. */
export function useReport(): Report {
  const [state, setState] = useState<ReportState>({ open: false, inserts: [], filename: '', nextId: 1 });
  const edit = useCallback((markdown: string, filename: string) => {
    setState((s) => ({
      open: true,
      inserts: [{ id: s.nextId, markdown, replace: true }],
      filename,
      nextId: s.nextId + 1,
    }));
  }, []);
  const add = useCallback((markdown: string, filename: string) => {
    setState((s) => ({
      open: true,
      inserts: [...s.inserts, { id: s.nextId, markdown, replace: false }],
      filename: s.inserts.length > 0 ? s.filename : filename,
      nextId: s.nextId + 1,
    }));
  }, []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  return useMemo(
    () => ({ open: state.open, inserts: state.inserts, filename: state.filename, edit, add, close }),
    [state, edit, add, close],
  );
}
