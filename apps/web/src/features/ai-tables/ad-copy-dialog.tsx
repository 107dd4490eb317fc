import type { AiCell, AiTableColumn, CellValue } from '@app/contract/ai-tables/tables';
import { type AdPreview, adProblems } from '@app/contract/analysis/ad-copy';
import { Alert, Button, Modal, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdPreviewBlock } from '../../widgets/ad-preview/ad-preview-block';
import { isAdCopy } from './ai-cell';

// The editor (its fields and counters) loads when someone first edits an ad, not with the table.
const AdCopyEditor = lazy(() =>
  import('../../widgets/ad-preview/ad-copy-editor').then((module) => ({ default: module.AdCopyEditor })),
);

const BLANK_AD: AdPreview = { displayUrl: '', paths: [], headlines: [], descriptions: [] };

interface AdCopyDialogProps {
  column: AiTableColumn;
  cell: AiCell | undefined;
  /** Opened to edit (the edit button, an empty cell) rather than to read. */
  editing: boolean;
  onSave: (value: CellValue) => Promise<void>;
  onClose: () => void;
}

/**
 * An ad-copy cell in full: the ad as a search result shows it, and its editor with Google Ads'
 * limits. An ad with a piece over its limit cannot be saved (the server would refuse it too).
 */
export function AdCopyDialog({ column, cell, editing: startEditing, onSave, onClose }: AdCopyDialogProps) {
  const { t } = useTranslation();
  const kept = cell && isAdCopy(cell.value) ? cell.value : null;
  const [draft, setDraft] = useState<AdPreview | null>(startEditing || !kept ? (kept ?? BLANK_AD) : null);
  const [saving, setSaving] = useState(false);
  const tooLong = draft !== null && adProblems(draft).length > 0;

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      await onSave(draft);
      onClose();
    } catch {
      // The error catalogue has shown the refusal; the draft stays for another try.
    } finally {
      setSaving(false);
    }
  };

  const footer = draft ? (
    <>
      <Button onClick={onClose}>{t('Cancel')}</Button>
      <Button type="primary" loading={saving} disabled={tooLong} onClick={() => void save()}>
        {t('Save')}
      </Button>
    </>
  ) : (
    <>
      <Button onClick={onClose}>{t('Close')}</Button>
      <Button type="primary" onClick={() => setDraft(kept ?? BLANK_AD)}>
        {t('Edit')}
      </Button>
    </>
  );

  return (
    <Modal open title={column.name} onCancel={onClose} footer={footer} width={680} destroyOnHidden>
      {draft ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          {tooLong && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('Shorten the pieces marked in red to save the ad.')}
            />
          )}
          <AdCopyEditor value={draft} onChange={setDraft} />
        </Suspense>
      ) : kept ? (
        <AdPreviewBlock ad={kept} />
      ) : null}
    </Modal>
  );
}
