import { Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface TranslationCellProps {
  msgid: string;
  loc: string;
  msgstr: string | undefined;
  /** Saves the text (an empty one removes the translation); rejects to keep the editor open. */
  onSave: (msgstr: string) => Promise<unknown>;
}

/**
 * One msgid in one language: click (or Enter on focus) to edit in place; Enter saves, Shift+Enter
 * breaks the line, Escape leaves it as it was.
 */
export function TranslationCell({ msgid, loc, msgstr, onSave }: TranslationCellProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const label = t('Translation of "{{msgid}}" in {{loc}}', { msgid, loc });

  if (draft !== null) {
    const save = async () => {
      if (draft === (msgstr ?? '')) {
        setDraft(null);
        return;
      }
      setSaving(true);
      try {
        await onSave(draft);
        setDraft(null);
      } catch {
        // The error catalogue said why; the text stays for another try.
      } finally {
        setSaving(false);
      }
    };
    return (
      <Input.TextArea
        autoFocus
        aria-label={label}
        value={draft}
        disabled={saving}
        autoSize={{ minRows: 1, maxRows: 6 }}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            void save();
          } else if (event.key === 'Escape') {
            setDraft(null);
          }
        }}
        onBlur={() => {
          if (!saving) setDraft(null);
        }}
      />
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a table cell that opens its editor, as spreadsheets do
    <div
      role="button"
      tabIndex={0}
      aria-label={label}
      className="translation-cell"
      style={{ minHeight: 22, cursor: 'text', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
      onClick={() => setDraft(msgstr ?? '')}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          setDraft(msgstr ?? '');
        }
      }}
    >
      {msgstr !== undefined ? (
        // A translation as written: data, not the page's words.
        <span translate="no">{msgstr}</span>
      ) : (
        <Typography.Text type="danger">{t('Missing')}</Typography.Text>
      )}
    </div>
  );
}
