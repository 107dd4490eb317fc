import {
  DATASET_COLUMN_TYPES,
  type DatasetColumn,
  type DatasetColumnType,
} from '@app/contract/analytics/datasets';
import type { StoredFile } from '@app/contract/storage/files';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Radio, Select, Skeleton, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { columnTypeLabel, importModeLabel } from '../../lib/labels/storage-labels';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { datasetsKey, datasetsQuery, previewFile, startImport } from './datasets-api';

interface ImportValues {
  name: string;
  mode: 'create' | 'replace' | 'append';
  dataset_id?: string;
}

/**
 * Turns a stored CSV or XLSX into a dataset: the preview's columns with their inferred types,
 * which the user may rename and retype, then an import (new, replacing or appending to one).
 */
export function DatasetImportModal({ file, onClose }: { file: StoredFile | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const preview = useQuery({
    queryKey: ['analytics', 'dataset-preview', file?.id],
    queryFn: () => previewFile(file?.id ?? ''),
    enabled: file !== null,
  });
  const datasets = useQuery({ ...datasetsQuery(), enabled: file !== null });
  const [form] = Form.useForm<ImportValues>();
  // The server's refusals of the name or the target land on those fields; a column's, in a toast.
  const showErrors = useServerErrors(form);
  const [columns, setColumns] = useState<DatasetColumn[]>([]);
  // Mirrored from the form (which mounts only with the preview) for the OK button and the picker.
  const [mode, setMode] = useState<ImportValues['mode']>('create');
  const [target, setTarget] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (preview.data) setColumns(preview.data.columns);
  }, [preview.data]);
  useEffect(() => {
    if (file === null) {
      setMode('create');
      setTarget(undefined);
    }
  }, [file]);

  const change = (index: number, patch: Partial<DatasetColumn>) =>
    setColumns((current) =>
      current.map((column) => (column.index === index ? { ...column, ...patch } : column)),
    );

  const submit = async ({ name, mode: into, dataset_id }: ImportValues) => {
    if (!file) return;
    setSaving(true);
    try {
      await startImport({
        file_id: file.id,
        name,
        columns,
        mode: into,
        dataset_id: into === 'create' ? undefined : dataset_id,
      });
      await queryClient.invalidateQueries({ queryKey: datasetsKey });
      onClose();
    } catch (error) {
      showErrors(error);
    } finally {
      setSaving(false);
    }
  };

  const typeLabels: Record<DatasetColumnType, string> = {
    date: columnTypeLabel('date', t),
    number: columnTypeLabel('number', t),
    percent: columnTypeLabel('percent', t),
    currency: columnTypeLabel('currency', t),
    text: columnTypeLabel('text', t),
  };

  return (
    <Modal
      open={file !== null}
      title={t('Import as a dataset')}
      width={900}
      onCancel={onClose}
      okText={t('Import')}
      okButtonProps={{ disabled: !preview.data || (mode !== 'create' && !target) }}
      confirmLoading={saving}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {preview.isError ? (
        <Alert type="error" showIcon message={preview.error.message} />
      ) : !preview.data ? (
        <Skeleton active />
      ) : (
        <>
          <Form<ImportValues>
            form={form}
            layout="vertical"
            // Not preserved: the modal unmounts on close, and the next file starts afresh.
            preserve={false}
            initialValues={{ name: preview.data.file_name.replace(/\.[^.]+$/, ''), mode: 'create' }}
            onFinish={(values) => void submit(values)}
            onValuesChange={(_, values) => {
              setMode(values.mode);
              setTarget(values.dataset_id);
            }}
          >
            <Form.Item name="name" label={t('Dataset name')}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item
              name="mode"
              label={t('Import into')}
              style={mode === 'create' ? undefined : { marginBottom: 8 }}
            >
              <Radio.Group>
                <Radio value="create">{importModeLabel('create', t)}</Radio>
                <Radio value="replace">{importModeLabel('replace', t)}</Radio>
                <Radio value="append">{importModeLabel('append', t)}</Radio>
              </Radio.Group>
            </Form.Item>
            {mode === 'create' ? null : (
              <Form.Item name="dataset_id">
                <Select
                  style={{ width: '100%' }}
                  placeholder={t('Choose a dataset')}
                  options={(datasets.data?.items ?? []).map((dataset) => ({
                    value: dataset.id,
                    label: dataset.name,
                  }))}
                />
              </Form.Item>
            )}
          </Form>
          <Table
            size="small"
            rowKey="index"
            pagination={false}
            dataSource={columns}
            scroll={{ y: 240 }}
            columns={[
              {
                title: t('Column'),
                key: 'name',
                render: (_, column) => (
                  <Input
                    size="small"
                    value={column.name}
                    aria-label={t('Column name')}
                    onChange={(event) => change(column.index, { name: event.target.value })}
                  />
                ),
              },
              {
                title: t('Type'),
                key: 'type',
                width: 160,
                render: (_, column) => (
                  <Select
                    size="small"
                    style={{ width: '100%' }}
                    value={column.type}
                    aria-label={t('Column type')}
                    onChange={(type) => change(column.index, { type })}
                    options={DATASET_COLUMN_TYPES.map((type) => ({ value: type, label: typeLabels[type] }))}
                  />
                ),
              },
              {
                title: t('First values'),
                key: 'sample',
                render: (_, column) =>
                  preview.data.rows
                    .slice(0, 3)
                    .map((row) => row[column.index] ?? '')
                    .join(' · '),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
