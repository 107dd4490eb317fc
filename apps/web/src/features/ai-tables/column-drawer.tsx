import {
  AI_LABELS_MAX,
  AI_OUTPUT_TYPES,
  AI_PROMPT_MAX,
  AI_TABLE_NAME_MAX,
  type AiOutputType,
  type AiTableColumn,
} from '@app/contract/ai-tables/tables';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Flex, Form, type GetRef, Input, Select, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { aiModelKindLabel, aiOutputTypeLabel } from '../../lib/labels/ai-table-labels';
import { useServerErrors } from '../../widgets/form-errors/use-server-errors';
import { type ColumnInput, modelsQuery } from './ai-tables-api';
import { insertField, rowFields } from './run-plan';

interface ColumnDrawerProps {
  /** The table's columns: the data ones are the fields a prompt can name. */
  columns: AiTableColumn[];
  /** The AI column being changed; none to add one. */
  editing: AiTableColumn | null;
  onSave: (values: ColumnInput) => Promise<unknown>;
  onClose: () => void;
}

interface ColumnForm {
  name: string;
  prompt: string;
  output: AiOutputType;
  labels?: string[];
  /** '' : the assistant's model (a Select cannot hold null as a chosen value). */
  model: string;
}

/** The form's value for "the assistant's model". */
const DEFAULT_MODEL = '';

/**
 * Adds an AI column, or changes one (a new prompt is a new prompt version: the cells already made
 * keep theirs). The row fields are chips that put `{{field}}` where the caret is in the prompt.
 */
export function ColumnDrawer({ columns, editing, onSave, onClose }: ColumnDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ColumnForm>();
  const showErrors = useServerErrors(form);
  const [saving, setSaving] = useState(false);
  const output = Form.useWatch('output', form);
  const models = useQuery(modelsQuery());
  const promptRef = useRef<GetRef<typeof Input.TextArea>>(null);
  // Where the caret was when the prompt lost focus to a chip.
  const selection = useRef<[number, number] | null>(null);

  const insert = (key: string) => {
    const text = form.getFieldValue('prompt') ?? '';
    const [start, end] = selection.current ?? [text.length, text.length];
    const next = insertField(text, start, end, key);
    form.setFieldValue('prompt', next.text);
    selection.current = [next.caret, next.caret];
    const area = promptRef.current?.resizableTextArea?.textArea;
    area?.focus();
    // The new text reaches the textarea on the next render; the caret is set after it.
    requestAnimationFrame(() => area?.setSelectionRange(next.caret, next.caret));
  };

  const save = async (values: ColumnForm) => {
    setSaving(true);
    try {
      await onSave({
        name: values.name.trim(),
        prompt: values.prompt.trim(),
        output: values.output,
        ...(values.output === 'label' ? { labels: values.labels ?? [] } : {}),
        model: values.model === DEFAULT_MODEL ? null : values.model,
      });
      onClose();
    } catch (error) {
      showErrors(error);
    } finally {
      setSaving(false);
    }
  };

  const initialValues: ColumnForm = editing?.ai
    ? {
        name: editing.name,
        prompt: editing.ai.prompt,
        output: editing.ai.output,
        labels: editing.ai.labels ?? [],
        model: editing.ai.model ?? DEFAULT_MODEL,
      }
    : { name: '', prompt: '', output: 'text', labels: [], model: DEFAULT_MODEL };
  const chosenModel = editing?.ai?.model;
  const offered = models.data?.items ?? [];
  const modelOptions = [
    {
      value: DEFAULT_MODEL,
      label: t("The assistant's model ({{model}})", { model: models.data?.default_model ?? '…' }),
    },
    ...offered.map((model) => ({
      value: model.id,
      label:
        model.kind === 'offline'
          ? aiModelKindLabel(model.kind, t)
          : `${model.id} · ${aiModelKindLabel(model.kind, t)}`,
    })),
    // A column's model the admin has since removed still shows, so the form says what it holds.
    ...(chosenModel && models.data && !offered.some((model) => model.id === chosenModel)
      ? [{ value: chosenModel, label: t('{{model}} (no longer offered)', { model: chosenModel }) }]
      : []),
  ];

  return (
    <Drawer
      open
      title={editing ? t('Edit AI column') : t('Add AI column')}
      size="min(520px, 92vw)"
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('Cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {editing ? t('Save') : t('Add column')}
          </Button>
        </Flex>
      }
    >
      <Form<ColumnForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="name"
          label={t('Column name')}
          rules={[
            { required: true, whitespace: true, message: t('Enter a name') },
            { max: AI_TABLE_NAME_MAX, message: t('Input exceeds maximum length') },
          ]}
        >
          <Input maxLength={AI_TABLE_NAME_MAX} />
        </Form.Item>
        <Form.Item
          name="prompt"
          label={t('Prompt')}
          rules={[
            { required: true, whitespace: true, message: t('Write the prompt') },
            { max: AI_PROMPT_MAX, message: t('Input exceeds maximum length') },
          ]}
        >
          <Input.TextArea
            ref={promptRef}
            rows={6}
            maxLength={AI_PROMPT_MAX}
            onSelect={(event) =>
              (selection.current = [event.currentTarget.selectionStart, event.currentTarget.selectionEnd])
            }
          />
        </Form.Item>
        <div className="ai-tables__fields">
          <Typography.Text type="secondary">
            {t(
              'Row fields: the prompt is written for each row, a field in double braces read as that row’s value.',
            )}
          </Typography.Text>
          <Space size={[4, 4]} wrap>
            {rowFields(columns).map((column) => (
              <Button
                key={column.key}
                size="small"
                title={column.name}
                aria-label={t('Insert the field {{field}}', { field: column.name })}
                onClick={() => insert(column.key)}
              >
                <span translate="no">{`{{${column.key}}}`}</span>
              </Button>
            ))}
          </Space>
        </div>
        <Form.Item name="output" label={t('Output')}>
          <Select
            options={AI_OUTPUT_TYPES.map((type) => ({ value: type, label: aiOutputTypeLabel(type, t) }))}
          />
        </Form.Item>
        <Form.Item
          name="model"
          label={t('Model')}
          extra={t(
            'Each cell is paid at this model’s price; the assistant’s model is the one the chat uses.',
          )}
        >
          <Select options={modelOptions} loading={models.isPending} />
        </Form.Item>
        {output === 'label' && (
          <Form.Item
            name="labels"
            label={t('Labels to choose from')}
            rules={[
              { required: true, type: 'array', min: 1, message: t('Add at least one label') },
              {
                type: 'array',
                max: AI_LABELS_MAX,
                message: t('At most {{count}} labels', {
                  count: AI_LABELS_MAX,
                  defaultValue_one: 'At most {{count}} label',
                }),
              },
            ]}
          >
            <Select
              mode="tags"
              open={false}
              tokenSeparators={[',']}
              placeholder={t('Type a label and press Enter')}
            />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
