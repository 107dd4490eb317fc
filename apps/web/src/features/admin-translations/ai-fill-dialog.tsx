import type { TranslationSuggestion } from '@app/contract/i18n/admin-translations';
import { Alert, Button, Checkbox, Empty, Flex, Input, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface FillAnswer {
  model: string;
  needs_model: boolean;
  suggestions: TranslationSuggestion[];
  rejected: { msgid: string; msgstr: string; reason: string }[];
  msg?: string | undefined;
}

interface AiFillDialogProps {
  /** The language asked for; null when closed. */
  language: { loc: string; display: string } | null;
  answer: FillAnswer | null;
  loading: boolean;
  onClose: () => void;
  onSave: (cells: TranslationSuggestion[]) => Promise<unknown>;
}

/** The model's suggestions, each checked and editable: only the checked ones are saved. */
export function AiFillDialog({ language, answer, loading, onClose, onSave }: AiFillDialogProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<(TranslationSuggestion & { checked: boolean })[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setRows((answer?.suggestions ?? []).map((suggestion) => ({ ...suggestion, checked: true })));
  }, [answer]);

  const chosen = rows.filter((row) => row.checked && row.msgstr.trim());

  return (
    <Modal
      open={language !== null}
      width={820}
      title={language ? t('AI fill-in: {{language}}', { language: language.display }) : ''}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('Cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          disabled={chosen.length === 0}
          loading={saving}
          onClick={async () => {
            setSaving(true);
            try {
              await onSave(chosen.map(({ msgid, msgstr }) => ({ msgid, msgstr })));
              onClose();
            } catch {
              // The error catalogue said why; the suggestions stay.
            } finally {
              setSaving(false);
            }
          }}
        >
          {t('Save selected ({{n}})', { n: chosen.length })}
        </Button>,
      ]}
    >
      {loading ? (
        <Flex justify="center" align="center" gap={12} style={{ padding: 32 }}>
          <Spin />
          <Typography.Text type="secondary">{t('Asking the model…')}</Typography.Text>
        </Flex>
      ) : answer?.needs_model ? (
        <Alert type="warning" showIcon title={answer.msg ?? t('AI fill-in needs a model')} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {t('Suggestions by {{model}}: review them; nothing is saved until you save.', {
              model: answer?.model ?? '',
            })}
          </Typography.Paragraph>
          {rows.length === 0 ? (
            <Empty description={t('Nothing to suggest')} />
          ) : (
            <Flex vertical gap={12}>
              {rows.map((row, index) => (
                <div key={row.msgid}>
                  <Flex gap={8} align="start" style={{ width: '100%' }}>
                    <Checkbox
                      checked={row.checked}
                      aria-label={t('Keep the suggestion for "{{msgid}}"', { msgid: row.msgid })}
                      onChange={(event) =>
                        setRows((all) =>
                          all.map((item, i) =>
                            i === index ? { ...item, checked: event.target.checked } : item,
                          ),
                        )
                      }
                    />
                    <Flex vertical gap={4} style={{ flex: 1 }}>
                      <Typography.Text type="secondary">{row.msgid}</Typography.Text>
                      <Input.TextArea
                        aria-label={t('Suggestion for "{{msgid}}"', { msgid: row.msgid })}
                        autoSize={{ minRows: 1, maxRows: 4 }}
                        value={row.msgstr}
                        onChange={(event) =>
                          setRows((all) =>
                            all.map((item, i) =>
                              i === index ? { ...item, msgstr: event.target.value } : item,
                            ),
                          )
                        }
                      />
                    </Flex>
                  </Flex>
                </div>
              ))}
            </Flex>
          )}
          {(answer?.rejected.length ?? 0) > 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginTop: 12 }}
              title={t('Left out, for a lost placeholder or tag: {{n}}', {
                n: answer?.rejected.length ?? 0,
              })}
              description={answer?.rejected.map((item) => (
                <div key={item.msgid}>
                  {item.msgid}: {item.reason}
                </div>
              ))}
            />
          )}
        </>
      )}
    </Modal>
  );
}
