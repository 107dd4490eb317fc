import { FOREIGN_KEY_VALUE_MAX, type ForeignKeyView } from '@app/contract/admin/foreign-keys/foreign-keys';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type FieldMap, useServerErrors } from '../../widgets/form-errors/use-server-errors';

/** How a choice reads (the value stays as the server takes it). */
const CHOICE_LABELS: Record<string, string> = { yes: 'Yes', no: 'No' };

type Values = Record<string, string>;

interface ForeignKeyFormModalProps {
  /** The kind being edited; null while the modal is closed. */
  keyView: ForeignKeyView | null;
  onSave: (values: Values) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A secret is never sent to the page, so its box starts empty; left empty, the saved value stays
 * (the server's rule). Values seeded from the environment are not saved ones: a secret must then
 * be typed to save the kind here.
 */
function keepsSavedSecret(view: ForeignKeyView, field: ForeignKeyView['fields'][number]): boolean {
  return field.secret && view.source === 'saved' && field.shown !== null;
}

function initialValues(view: ForeignKeyView): Values {
  return Object.fromEntries(view.fields.map((field) => [field.key, field.secret ? '' : (field.shown ?? '')]));
}

/** The server names fields `values.<key>`; the form's items are named by the key alone. */
function fieldMap(view: ForeignKeyView): FieldMap {
  return Object.fromEntries(view.fields.map((field) => [`values.${field.key}`, field.key]));
}

export function ForeignKeyFormModal({ keyView, onSave, onClose }: ForeignKeyFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const showErrors = useServerErrors(form, { fieldMap: keyView ? fieldMap(keyView) : {} });

  const submit = async (values: Values) => {
    if (!keyView) return;
    try {
      // Every field is sent: an empty ordinary field clears it, an empty secret keeps it.
      await onSave(
        Object.fromEntries(keyView.fields.map((field) => [field.key, (values[field.key] ?? '').trim()])),
      );
      onClose();
    } catch (error) {
      showErrors(error);
    }
  };

  return (
    <Modal
      open={keyView !== null}
      title={keyView ? t('Edit {{name}}', { name: t(keyView.label) }) : ''}
      okText={t('Save')}
      cancelText={t('Cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {keyView ? (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={initialValues(keyView)}
          onFinish={(values) => submit(values)}
        >
          {keyView.fields.map((field) => {
            const keeps = keepsSavedSecret(keyView, field);
            const required = field.required && !keeps;
            return (
              <Form.Item
                key={field.key}
                name={field.key}
                label={t(field.label)}
                required={field.required}
                extra={
                  keeps
                    ? t('Leave empty to keep the saved secret ({{shown}}).', { shown: field.shown })
                    : null
                }
                rules={[
                  ...(required
                    ? [
                        {
                          required: true,
                          whitespace: true,
                          message: t('{{name}} is required', { name: t(field.label) }),
                        },
                      ]
                    : []),
                  { max: FOREIGN_KEY_VALUE_MAX, message: t('Input exceeds maximum length') },
                ]}
              >
                {field.choices ? (
                  <Select
                    allowClear
                    placeholder={t('Default')}
                    options={field.choices.map((choice) => ({
                      value: choice,
                      label: t(CHOICE_LABELS[choice] ?? choice),
                    }))}
                  />
                ) : field.secret ? (
                  <Input.Password
                    autoComplete="new-password"
                    placeholder={keeps ? t('Unchanged') : undefined}
                  />
                ) : field.multiline ? (
                  // A PEM certificate keeps its line breaks (a one-line box drops them).
                  <Input.TextArea
                    autoComplete="off"
                    autoSize={{ minRows: 3, maxRows: 10 }}
                    spellCheck={false}
                  />
                ) : (
                  <Input autoComplete="off" />
                )}
              </Form.Item>
            );
          })}
        </Form>
      ) : null}
    </Modal>
  );
}
