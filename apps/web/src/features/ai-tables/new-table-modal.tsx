import { AI_TABLE_NAME_MAX, type AiTable, type AiTableSource } from '@app/contract/ai-tables/tables';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AI_SOURCE_KINDS, aiSourceKindLabel } from '../../lib/labels/ai-table-labels';
import { formatCount } from '../../lib/numbers';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { datasetsQuery, makeTable } from './ai-tables-api';

export interface NewTableValues {
  name: string;
  kind: AiTableSource['kind'];
  dataset_id?: string;
  result_id?: string;
}

interface NewTableModalProps {
  /** Filled from a link (`?result_id=&name=`, the analysis page's way here) or blank. */
  initialValues: NewTableValues;
  onCreated: (table: AiTable) => void;
  onClose: () => void;
}

/** The source as the contract has it, from the form's flat fields. */
function sourceOf(values: NewTableValues): AiTableSource {
  return values.kind === 'dataset'
    ? { kind: 'dataset', dataset_id: values.dataset_id ?? '' }
    : { kind: 'result', result_id: (values.result_id ?? '').trim() };
}

/**
 * Makes a table from a dataset of the team (chosen from those ready) or from a kept result (a
 * chat answer's or an analysis run's grid, by its id). Its rows are copied, up to 10,000.
 */
export function NewTableModal({ initialValues, onCreated, onClose }: NewTableModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewTableValues>();
  const showErrors = useServerErrors(form, {
    fieldMap: { 'source.dataset_id': 'dataset_id', 'source.result_id': 'result_id' },
  });
  const kind = Form.useWatch('kind', form) ?? initialValues.kind;
  const datasets = useQuery({ ...datasetsQuery(), enabled: kind === 'dataset' });
  const [saving, setSaving] = useState(false);

  const save = async (values: NewTableValues) => {
    setSaving(true);
    try {
      const answer = await makeTable(values.name.trim(), sourceOf(values));
      onCreated(answer.table);
    } catch (error) {
      showErrors(error);
    } finally {
      setSaving(false);
    }
  };

  const ready = (datasets.data?.items ?? []).filter((dataset) => dataset.status === 'ready');
  return (
    <Modal
      open
      title={t('New table')}
      okText={t('Create')}
      okButtonProps={{ loading: saving }}
      cancelText={t('Cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<NewTableValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="name"
          label={t('Table name')}
          rules={[
            { required: true, whitespace: true, message: t('Enter a name') },
            { max: AI_TABLE_NAME_MAX, message: t('Input exceeds maximum length') },
          ]}
        >
          <Input autoFocus maxLength={AI_TABLE_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="kind" label={t('Rows from')}>
          <Radio.Group
            optionType="button"
            options={AI_SOURCE_KINDS.map((value) => ({ value, label: aiSourceKindLabel(value, t) }))}
          />
        </Form.Item>
        {kind === 'dataset' ? (
          <Form.Item
            name="dataset_id"
            label={t('Dataset')}
            rules={[{ required: true, message: t('Choose a dataset') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={datasets.isPending}
              placeholder={t('Choose a dataset')}
              notFoundContent={datasets.isPending ? undefined : t('No datasets yet: upload one in Storage')}
              options={ready.map((dataset) => ({
                value: dataset.id,
                label: `${dataset.name} · ${t('Rows: {{rows}}', { rows: formatCount(dataset.row_count) })}`,
              }))}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="result_id"
            label={t('Kept result')}
            extra={t('The id of a chat answer’s or an analysis run’s table.')}
            rules={[{ required: true, whitespace: true, message: t('Enter the result id') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
