import { TableKit } from '@tiptap/extension-table';
import { Markdown } from '@tiptap/markdown';
import StarterKit from '@tiptap/starter-kit';
import { Drawer } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportExport } from './report-export';
import { ReportToolbar } from './report-toolbar';
import type { ReportInsert } from './use-report';
import { useTiptap } from './use-tiptap';
import './report-drawer.css';

/** What markdown can hold: no underline (markdown has none), links kept but not followed while editing. */
const EXTENSIONS = [
  StarterKit.configure({ underline: false, link: { openOnClick: false } }),
  TableKit.configure({ table: { resizable: false } }),
  Markdown,
];

/** The editor, started with what was put into the report before its code loaded, then fed the rest. */
function useReportEditor(inserts: ReportInsert[], label: string) {
  const [start] = useState(() => ({
    markdown: inserts.map((insert) => insert.markdown).join('\n\n'),
    id: inserts.at(-1)?.id ?? 0,
  }));
  const applied = useRef(start.id);
  const tiptap = useTiptap(() => ({
    extensions: EXTENSIONS,
    content: start.markdown,
    contentType: 'markdown',
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'report-drawer__text',
      },
    },
  }));
  const { editor } = tiptap;

  useEffect(() => {
    for (const insert of inserts) {
      if (insert.id <= applied.current) continue;
      applied.current = insert.id;
      if (insert.replace || editor.isEmpty) {
        editor.commands.setContent(insert.markdown, { contentType: 'markdown' });
      } else {
        editor.commands.insertContentAt(editor.state.doc.content.size, insert.markdown, {
          contentType: 'markdown',
        });
      }
    }
  }, [editor, inserts]);
  return tiptap;
}

interface ReportDrawerProps {
  open: boolean;
  onClose: () => void;
  inserts: ReportInsert[];
  filename: string;
}

/**
 * Spec section 1, the rich-text editor with markdown and document export: replies edited into a
 * report. Its own chunk with TipTap, loaded when the drawer first opens; closing keeps the text.
 */
export function ReportDrawer({ open, onClose, inserts, filename }: ReportDrawerProps) {
  const { t } = useTranslation();
  const { editor, host } = useReportEditor(inserts, t('Report'));
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('Report')}
      size="large"
      rootClassName="report-drawer"
      footer={<ReportExport editor={editor} filename={filename} />}
    >
      <ReportToolbar editor={editor} />
      <div ref={host} className="report-drawer__editor" />
    </Drawer>
  );
}
