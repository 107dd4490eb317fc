import { PostgreSQL, sql } from '@codemirror/lang-sql';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../../lib/theme-mode';

/**
 * A reply's SQL, highlighted and wrapped, read-only, in the app's light or dark theme. Its own
 * chunk: CodeMirror loads when a reply's SQL panel is first opened (reply-parts.tsx).
 */
export function SqlView({ text }: { text: string }) {
  const { t } = useTranslation();
  const theme = useThemeMode();
  const label = t('SQL');
  const extensions = useMemo(
    () => [
      // The statements run on the team's PostgreSQL store.
      sql({ dialect: PostgreSQL }),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
    ],
    [label],
  );
  return (
    <CodeMirror
      className="chat-reply__sql-view"
      style={{ fontSize: 12 }}
      maxHeight="320px"
      value={text}
      theme={theme}
      extensions={extensions}
      editable={false}
      readOnly
      basicSetup={{
        foldGutter: false,
        highlightActiveLine: false,
        highlightActiveLineGutter: false,
        autocompletion: false,
        searchKeymap: false,
      }}
    />
  );
}
