import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  TableOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { ChainedCommands, Editor } from '@tiptap/core';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorState } from './use-tiptap';

/** Spec section 6: an inserted table is 3 by 3 (its first row the header, as markdown needs). */
export const TABLE_SIZE = { rows: 3, cols: 3 } as const;

const HEADINGS = [1, 2, 3] as const;

// Undo is redo's arrow turned round: antd's UndoOutlined is shared with an admin page, and a shared
// icon becomes a chunk that the entry lists, which would add to /login's weight.
const UNDO_ICON = <RedoOutlined style={{ transform: 'scaleX(-1)' }} />;

interface Tool {
  key: string;
  label: string;
  icon: ReactNode;
  run: (chain: ChainedCommands) => ChainedCommands;
  /** For toggles: whether the selection has it now (shown pressed). */
  active?: boolean;
  disabled?: boolean;
}

/** Bold, italic, headings, lists, a table, undo and redo: what a report written in markdown uses. */
export function ReportToolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  // Read on every change of text or selection: which toggles are on, whether undo and redo can.
  useEditorState(editor);
  const now = {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    headings: HEADINGS.map((level) => editor.isActive('heading', { level })),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
  const groups: Tool[][] = [
    [
      { key: 'bold', label: t('Bold'), icon: <BoldOutlined />, run: (c) => c.toggleBold(), active: now.bold },
      {
        key: 'italic',
        label: t('Italic'),
        icon: <ItalicOutlined />,
        run: (c) => c.toggleItalic(),
        active: now.italic,
      },
    ],
    HEADINGS.map((level, index) => ({
      key: `h${level}`,
      label: t('Heading {{level}}', { level }),
      icon: <span className="report-drawer__heading-icon">H{level}</span>,
      run: (c) => c.toggleHeading({ level }),
      active: now.headings[index],
    })),
    [
      {
        key: 'bullets',
        label: t('Bulleted list'),
        icon: <UnorderedListOutlined />,
        run: (c) => c.toggleBulletList(),
        active: now.bulletList,
      },
      {
        key: 'numbers',
        label: t('Numbered list'),
        icon: <OrderedListOutlined />,
        run: (c) => c.toggleOrderedList(),
        active: now.orderedList,
      },
      {
        key: 'table',
        label: t('Insert table'),
        icon: <TableOutlined />,
        run: (c) => c.insertTable({ ...TABLE_SIZE, withHeaderRow: true }),
      },
    ],
    [
      { key: 'undo', label: t('Undo'), icon: UNDO_ICON, run: (c) => c.undo(), disabled: !now.canUndo },
      { key: 'redo', label: t('Redo'), icon: <RedoOutlined />, run: (c) => c.redo(), disabled: !now.canRedo },
    ],
  ];
  return (
    <div role="toolbar" aria-label={t('Formatting')} className="report-drawer__toolbar">
      {groups.map((tools) => (
        <span key={tools[0]?.key} className="report-drawer__tool-group">
          {tools.map((tool) => (
            <Tooltip key={tool.key} title={tool.label}>
              <Button
                size="small"
                color={tool.active ? 'primary' : 'default'}
                variant={tool.active ? 'filled' : 'text'}
                icon={tool.icon}
                aria-label={tool.label}
                aria-pressed={tool.active}
                disabled={tool.disabled}
                onClick={() => tool.run(editor.chain().focus()).run()}
              />
            </Tooltip>
          ))}
        </span>
      ))}
    </div>
  );
}
