import { UploadOutlined } from '@ant-design/icons';
import type { AdminLanguage, ImportCounts } from '@app/contract/i18n/admin-translations';
import { Button, Descriptions, Form, Modal, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';

interface ImportDialogProps {
  open: boolean;
  languages: AdminLanguage[];
  onClose: () => void;
  preview: (file: File, loc?: string) => Promise<ImportCounts>;
  apply: (file: File, loc?: string) => Promise<unknown>;
}

/** Import a JSON or PO file: first what it would add and change, then the import itself. */
export function ImportDialog({ open, languages, onClose, preview, apply }: ImportDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ file: unknown; loc?: string }>();
  const showErrors = useServerErrors(form);
  const [file, setFile] = useState<File | null>(null);
  const [loc, setLoc] = useState<string | undefined>();
  const [counts, setCounts] = useState<ImportCounts | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setFile(null);
    setCounts(null);
    setLoc(undefined);
    form.resetFields();
    onClose();
  };

  const run = async (step: 'preview' | 'apply') => {
    if (!file) {
      form.setFields([{ name: 'file', errors: [t('Choose a file to upload')] }]);
      return;
    }
    setBusy(true);
    try {
      if (step === 'preview') setCounts(await preview(file, loc));
      else {
        await apply(file, loc);
        close();
      }
    } catch (error) {
      showErrors(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('Import translations')}
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>
          {t('Cancel')}
        </Button>,
        <Button key="preview" onClick={() => run('preview')} loading={busy && !counts}>
          {t('Preview')}
        </Button>,
        <Button
          key="apply"
          type="primary"
          disabled={!counts}
          loading={busy && !!counts}
          onClick={() => run('apply')}
        >
          {t('Import')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        {t('A JSON file ({ "zh_CN": { "msgid": "translation" } }) or a gettext PO file of one language.')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="file" label={t('File')}>
          <Upload
            accept=".json,.po"
            maxCount={1}
            beforeUpload={(picked) => {
              setFile(picked);
              setCounts(null);
              form.setFields([{ name: 'file', errors: [] }]);
              return false;
            }}
            onRemove={() => {
              setFile(null);
              setCounts(null);
            }}
          >
            <Button icon={<UploadOutlined />}>{t('Choose a file')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item
          name="loc"
          label={t('Language of the file')}
          extra={t('For a PO file without a Language header, or a JSON file of one language')}
        >
          <Select
            allowClear
            value={loc}
            onChange={(value) => {
              setLoc(value);
              setCounts(null);
            }}
            options={languages.map((language) => ({
              value: language.loc,
              label: `${language.display} (${language.loc})`,
            }))}
          />
        </Form.Item>
      </Form>
      {counts && (
        <Descriptions size="small" column={2} bordered>
          <Descriptions.Item label={t('New')}>{counts.new}</Descriptions.Item>
          <Descriptions.Item label={t('Changed')}>{counts.changed}</Descriptions.Item>
          <Descriptions.Item label={t('Unchanged')}>{counts.unchanged}</Descriptions.Item>
          <Descriptions.Item label={t('Skipped')}>{counts.skipped}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
