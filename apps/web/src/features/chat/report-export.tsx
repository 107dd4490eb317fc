import { FileMarkdownOutlined, FileWordOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/core';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAsWord } from './export-api';
import { saveText } from './reply-export';
import { useEditorState } from './use-tiptap';

type ExportFormat = 'md' | 'docx';

/** The `.docx`: made by the server from the markdown (md-to-doc), opened from the link it answers. */
async function exportWord(markdown: string, filename: string): Promise<void> {
  try {
    await downloadAsWord(markdown, filename);
  } catch {
    // A refused export has been shown by the API client's error catalogue.
  }
}

/** The export buttons under the report: `.md` saved in the browser, `.docx` through the server. */
export function ReportExport({ editor, filename }: { editor: Editor; filename: string }) {
  const { t } = useTranslation();
  useEditorState(editor);
  const empty = editor.isEmpty;
  // Spec section 4: the export runs when the export flag turns true. A button raises the flag; the
  // effect runs the export once with the text as it is then, and lowers it.
  const [exportFlag, setExportFlag] = useState<ExportFormat | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!exportFlag) return;
    setExportFlag(null);
    const markdown = editor.getMarkdown();
    if (exportFlag === 'md') {
      saveText(markdown, `${filename}.md`);
      return;
    }
    setBusy(true);
    void exportWord(markdown, filename).finally(() => setBusy(false));
  }, [exportFlag, editor, filename]);

  return (
    <div className="report-drawer__exports">
      <Button
        icon={<FileMarkdownOutlined aria-hidden />}
        disabled={empty || busy}
        onClick={() => setExportFlag('md')}
      >
        {t('Export as Markdown (.md)')}
      </Button>
      <Button
        icon={<FileWordOutlined aria-hidden />}
        disabled={empty}
        loading={busy}
        onClick={() => setExportFlag('docx')}
      >
        {t('Export as Word (.docx)')}
      </Button>
    </div>
  );
}
